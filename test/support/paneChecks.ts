// Checks of the pane as a user sees it, in the preview page: nothing sticks out past the pane's right edge or
// is cut off without saying so, and axe-core finds no serious or critical violation. Each failure names the
// element (a short selector and its text) so it says what to fix.
import type { Page } from "playwright-core";

/** One element that breaks the layout rules: where it is, what it says, and what is wrong with it. */
export interface LayoutProblem {
  selector: string;
  text: string;
  problem: string;
}

/**
 * What in the pane (the preview's `aside`, and the popups it opened, such as a dropdown's list) is wider than
 * the pane, sticks out past its right edge, scrolls sideways, or clips text without an ellipsis and the full
 * text on hover and for screen readers. Empty when the pane fits.
 */
export async function paneLayoutProblems(page: Page, paneSelector = "aside"): Promise<LayoutProblem[]> {
  return page.evaluate(findLayoutProblems, paneSelector);
}

/** Throws with every layout problem of the pane listed, one a line, naming the step it was found at. */
export async function expectPaneFits(page: Page, step: string, paneSelector = "aside"): Promise<void> {
  const problems = await paneLayoutProblems(page, paneSelector);
  if (problems.length > 0)
    throw new Error(
      `The pane does not fit (${step}):\n` +
        problems.map((p) => `  ${p.selector} "${p.text}": ${p.problem}`).join("\n"),
    );
}

/** axe-core's serious and critical violations inside the pane, as "rule (impact): element" lines. */
export async function seriousAxeViolations(page: Page, paneSelector = "aside"): Promise<string[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  return page.evaluate(async (selector) => {
    type Violation = { id: string; impact: string; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run({ include: [[selector]] }, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")}`));
  }, paneSelector);
}

/** Throws with axe-core's serious and critical violations in the pane, naming the step. */
export async function expectNoSeriousAxeViolations(page: Page, step: string, paneSelector = "aside"): Promise<void> {
  const found = await seriousAxeViolations(page, paneSelector);
  if (found.length > 0) throw new Error(`axe-core (${step}):\n  ${found.join("\n  ")}`);
}

/** Waits for the pane's transitions and animations to end (an enabled button fading in from its disabled colours
 * would otherwise be measured halfway); endless ones (a spinner, an indeterminate progress bar) are not waited for. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Both checks of a step, once the pane has settled: the pane fits and axe-core is content. */
export async function checkPane(page: Page, step: string, paneSelector = "aside"): Promise<void> {
  await settled(page);
  await expectPaneFits(page, step, paneSelector);
  await expectNoSeriousAxeViolations(page, step, paneSelector);
}

/**
 * Runs in the page (so it is self-contained). The pane's box is the aside's padding box; popups that Fluent
 * renders in a portal (listboxes, menus, tooltips) are checked against the same left and right edges.
 */
function findLayoutProblems(paneSelector: string): LayoutProblem[] {
  const pane = document.querySelector<HTMLElement>(paneSelector);
  if (!pane) return [{ selector: paneSelector, text: "", problem: "no such element" }];
  const box = pane.getBoundingClientRect();
  const left = box.left + pane.clientLeft;
  const right = left + pane.clientWidth; // inside the border, left of a vertical scrollbar
  const TOLERANCE = 1;
  const problems: LayoutProblem[] = [];

  const short = (s: string | null | undefined) => {
    const t = (s ?? "").replace(/\s+/g, " ").trim();
    return t.length > 70 ? `${t.slice(0, 67)}...` : t;
  };
  const describe = (el: Element): string => {
    const tag = el.tagName.toLowerCase();
    const id = el.id ? `#${el.id}` : "";
    const fui = [...el.classList].filter((c) => c.startsWith("fui-")).map((c) => `.${c}`);
    const role = el.getAttribute("role") ? `[role=${el.getAttribute("role")}]` : "";
    const label = el.getAttribute("aria-label") ? `[aria-label="${short(el.getAttribute("aria-label"))}"]` : "";
    const own = `${tag}${id}${fui.join("")}${role}${label}`;
    if (id || fui.length || label) return own;
    const parent = el.parentElement;
    const named = parent ? [...parent.classList].find((c) => c.startsWith("fui-")) : undefined;
    return named ? `.${named} > ${own}` : own;
  };
  /** What the element shows: an input's value, else its text. */
  const textOf = (el: Element) => (el instanceof HTMLInputElement ? el.value : el.textContent);
  const report = (el: Element, problem: string) =>
    problems.push({ selector: describe(el), text: short(textOf(el)), problem });

  const isVisible = (el: Element): boolean => {
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden" || style.opacity === "0") return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  // Fluent's (and everyone's) visually hidden helpers: 1x1 px and clipped on purpose, read by screen readers.
  const isVisuallyHidden = (el: Element): boolean => {
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return (r.width <= 1 && r.height <= 1) || /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(style.clip);
  };
  /** The element's full text is offered on hover and to screen readers: a title (its own or an ancestor's),
   * an aria-label or aria-description, or a labelling or describing element (a Fluent Tooltip) that holds it. */
  const fullTextOffered = (el: HTMLElement): boolean => {
    const text = short(textOf(el));
    const holds = (s: string | null | undefined) => !!s && short(s).includes(text);
    if (holds(el.closest("[title]")?.getAttribute("title"))) return true;
    if (holds(el.getAttribute("aria-label")) || holds(el.getAttribute("aria-description"))) return true;
    const refs = `${el.getAttribute("aria-labelledby") ?? ""} ${el.getAttribute("aria-describedby") ?? ""}`;
    return refs
      .split(/\s+/)
      .filter(Boolean)
      .some((id) => holds(document.getElementById(id)?.textContent));
  };

  if (pane.scrollWidth > pane.clientWidth + TOLERANCE)
    report(pane, `the pane scrolls sideways: content ${pane.scrollWidth} px in ${pane.clientWidth} px`);

  const popups = [...document.querySelectorAll('[role="listbox"], [role="menu"], [role="tooltip"]')].filter(
    (p) => !pane.contains(p),
  );
  for (const root of [pane, ...popups]) {
    const elements = [...root.querySelectorAll<HTMLElement>("*")];
    if (root !== pane) elements.unshift(root as HTMLElement);
    for (const el of elements) {
      if (!isVisible(el) || isVisuallyHidden(el)) continue;
      const r = el.getBoundingClientRect();
      // Only the outermost element that sticks out is named: its children stick out because it does.
      const parent = el.parentElement?.getBoundingClientRect();
      const parentOut = !!parent && root.contains(el.parentElement) && el.parentElement !== root;
      if (r.right > right + TOLERANCE && !(parentOut && parent.right > right + TOLERANCE))
        report(el, `sticks out ${Math.round(r.right - right)} px past the pane's right edge`);
      else if (r.left < left - TOLERANCE && !(parentOut && parent.left < left - TOLERANCE))
        report(el, `starts ${Math.round(left - r.left)} px left of the pane`);
      if (el.scrollWidth <= el.clientWidth + TOLERANCE) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === "auto" || style.overflowX === "scroll")
        report(el, `scrolls sideways: ${el.scrollWidth} px in ${el.clientWidth} px`);
      else if (style.overflowX === "hidden" || style.overflowX === "clip") {
        if (style.textOverflow !== "ellipsis")
          report(el, `clips its text without an ellipsis: ${el.scrollWidth} px in ${el.clientWidth} px`);
        else if (!fullTextOffered(el))
          report(el, "is shortened with an ellipsis but its full text is not offered (title, aria-label, tooltip)");
      }
    }
  }
  // Text that runs past the pane's edge out of a box that does not clip it.
  for (const root of [pane, ...popups]) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || !isVisible(parent) || isVisuallyHidden(parent)) continue;
      if (getComputedStyle(parent).overflowX !== "visible") continue; // clipping is judged above
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some((t) => t.right > right + TOLERANCE))
        problems.push({
          selector: describe(parent),
          text: short(node.textContent),
          problem: "text runs past the pane",
        });
    }
  }
  return problems;
}
