// The pane follows Office's theme: in the dark theme it renders dark, and stays free of serious or critical
// accessibility violations (contrast included).
import { useBrowserRig } from "../support/browser";

jest.setTimeout(90_000);

const browser = useBrowserRig();

test("dark theme", async () => {
  const { page, errors } = await browser.rig.page();
  await page.goto(`${browser.rig.origin}/preview.html?theme=dark`);
  await page.getByRole("heading", { name: "Sales Data" }).waitFor();
  const background = await page.locator("aside main").evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
  expect(0.2126 * r + 0.7152 * g + 0.0722 * b).toBeLessThan(80);
  await browser.rig.screenshot(page, "pane-dark");
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const serious = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string }[] }> };
      }
    ).axe;
    const result = await axe.run({ include: [["aside"]] }, { resultTypes: ["violations"] });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
  });
  expect(serious).toEqual([]);
  expect(errors).toEqual([]);
});
