// The pane follows Office's theme: in the dark theme it renders dark, and stays free of serious or critical
// accessibility violations (contrast included).
import { useBrowserRig } from "../support/browser";
import { seriousAxeViolations, settled } from "../support/paneChecks";

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
  await settled(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
