// A managed table's card (src/taskpane/savedQueries/ManagedTableItem.tsx), rendered to markup before its trend is
// read: the sheet named as a sheet, and the days its last refresh re-read in plain words (never "window"), or
// none for a table only got.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { dateStyle } from "../../src/core/words";
import { DateStyleContext } from "../../src/taskpane/dateStyle";
import type { ManagedRow } from "../../src/taskpane/operations";
import { ManagedTableItem } from "../../src/taskpane/savedQueries/ManagedTableItem";

const ROW: ManagedRow = {
  tableName: "Sales_northmart_SKU_weekly",
  sheet: "Sales northmart SKU weekly",
  summary: "northmart · SKU · weekly · Revenue",
  lastRefreshedAt: "2026-11-28T10:07:00Z",
  rows: 624,
};

/** The card's text as a person reads it, in `locale`'s date style. */
function cardText(row: ManagedRow, locale: "en-GB" | "en-US"): string {
  const card = createElement(ManagedTableItem, {
    row,
    today: "2026-11-28",
    connected: true,
    busy: false,
    onRefresh: () => undefined,
    onEdit: () => undefined,
    onGoTo: () => undefined,
    onCopyForSync: () => undefined,
    onStopManaging: () => undefined,
    loadTrend: () => new Promise<undefined>(() => undefined), // not read yet: the card says the days itself
  });
  const html = renderToStaticMarkup(createElement(DateStyleContext.Provider, { value: dateStyle(locale) }, card));
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

test.each([
  ["en-GB", "16/11/2026 to 29/11/2026"],
  ["en-US", "11/16/2026 to 11/29/2026"],
] as const)("refreshed, in %s: the sheet as a sheet, then the days re-read in plain words", (locale, days) => {
  const text = cardText({ ...ROW, window: { from: "2026-11-16", to: "2026-11-29" } }, locale);
  expect(text).toMatch(
    new RegExp(`624 rows on sheet Sales northmart SKU weekly · last refreshed [^·]+ · days re-read: ${days} `),
  );
  expect(text).not.toContain("window");
});

test("only got (no re-read days): nothing said of them", () => {
  const text = cardText(ROW, "en-GB");
  expect(text).toContain("624 rows on sheet Sales northmart SKU weekly · last refreshed ");
  expect(text).not.toMatch(/re-read|window/);
});
