// View by's choices, from the retailer's filters list: a SKU shown by its code and product name ("100001 - Sunvale
// Orange Juice 1L", the list's skuProductName) and sent by its code; a filter's names shown and sent as they are.
// Typed text names a choice only when it is one exactly: text that matches no choice is said, never replaced by a
// choice it merely starts like.
import type { Filter } from "./metrics";

/** One choice: what is sent (a SKU code, a filter name) and what people read. */
export interface ViewByChoice {
  value: string;
  text: string;
}

/** The filters list's fields View by reads (the service's filters record, or several retailers' merged). */
export type ViewByLists = Partial<Record<"sku" | "skuProductName" | Exclude<Filter, "sku">, readonly string[]>>;

/** Each SKU code's entry in skuProductName ("<code> - <name>": the code, then a space). */
function productNames(entries: readonly string[]): Map<string, string> {
  const named = new Map<string, string>();
  for (const entry of entries) {
    const code = /^(\S+)\s/.exec(entry.trim())?.[1];
    if (code !== undefined && !named.has(code)) named.set(code, entry.trim());
  }
  return named;
}

/** View by's choices for a Filter: SKU codes with their product names, or a filter's names. */
export function viewByChoices(lists: ViewByLists | undefined, filter: Filter): ViewByChoice[] {
  if (!lists) return [];
  if (filter !== "sku") return (lists[filter] ?? []).map((name) => ({ value: name, text: name }));
  const named = productNames(lists.skuProductName ?? []);
  return (lists.sku ?? []).map((code) => ({ value: code, text: named.get(code) ?? code }));
}

/**
 * The choice `typed` names: one whose text or value it is exactly (spaces around it aside; a SKU's text in any
 * letter case). Filter names are case sensitive at the service, so a filter's name must match as it is.
 */
export function viewByChoiceOf(
  typed: string,
  choices: readonly ViewByChoice[],
  filter: Filter,
): ViewByChoice | undefined {
  const t = typed.trim();
  if (t === "") return undefined;
  const exact = choices.find((c) => c.value === t || c.text === t);
  if (exact || filter !== "sku") return exact;
  return choices.find((c) => c.text.toLowerCase() === t.toLowerCase());
}

/** What View by says of text that names no choice: the text as typed, and what to do. */
export function notAChoiceText(typed: string, filter: Filter): string {
  return filter === "sku"
    ? `"${typed}" is not one of the SKUs in the list. Choose one from the list, or clear View by for every SKU.`
    : `"${typed}" is not one of ${filter}'s names (they are case sensitive). Choose one from the list, or clear View by.`;
}
