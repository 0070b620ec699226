// `npm run readme-images`: the README's pictures of the pane (docs/images/pane-320-light.png and -dark.png), made
// anew. The browser test that walks the newcomer's path at 320 px (test/browser/pane-widths.test.ts) saves them in
// test-output/; this runs it and copies them. A plain `npm test` never writes a tracked file.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "..");
const IMAGES = ["pane-320-light.png", "pane-320-dark.png"];

const jest = spawnSync(process.execPath, [require.resolve("jest/bin/jest"), "test/browser/pane-widths.test.ts"], {
  cwd: ROOT,
  stdio: "inherit",
});
if (jest.status !== 0) {
  console.error("[readme-images] the pane's test failed: docs/images left as they were.");
  process.exit(jest.status ?? 1);
}
mkdirSync(join(ROOT, "docs", "images"), { recursive: true });
for (const image of IMAGES) copyFileSync(join(ROOT, "test-output", image), join(ROOT, "docs", "images", image));
console.log(`[readme-images] ${IMAGES.map((i) => `docs/images/${i}`).join(" and ")} made anew.`);
