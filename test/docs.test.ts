// The user's document stays one: the README at most 350 lines, in the order people meet the product, and every
// link in it and in docs/ leads to a file of this repository (none to a folder outside it).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const ROOT = join(__dirname, "..");
const DOCS = [
  join(ROOT, "README.md"),
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => join(ROOT, "docs", f)),
];

test("the README is a user's document: at most 350 lines, its parts in the order people need them", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  expect(readme.split("\n").length).toBeLessThanOrEqual(350);
  const parts = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  expect(parts).toEqual([
    "Quick start",
    "Sideload into Excel",
    "The task pane",
    "The SALES functions",
    "Refresh",
    "The command: `sales-data sync`",
    "Troubleshooting",
    "More",
  ]);
  expect(readme).toContain("### What you may do to a table");
});

test("every relative link in the README and docs/ leads to a file here, none outside the repository", () => {
  const broken = DOCS.flatMap((file) => {
    const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
    return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1].split("#")[0])
      .filter((target) => target !== "" && !/^[a-z]+:/i.test(target))
      .filter((target) => {
        const path = resolve(dirname(file), target);
        return !path.startsWith(ROOT) || !existsSync(path);
      })
      .map((target) => `${file.slice(ROOT.length + 1)} -> ${target}`);
  });
  expect(broken).toEqual([]);
  const outside = DOCS.filter((file) => /\.\.\/shared\//.test(readFileSync(file, "utf8")));
  expect(outside.map((f) => f.slice(ROOT.length + 1))).toEqual([]);
});

test("docs/workbook-host.md says what the host models, not how it came to: under 60,000 characters", () => {
  const text = readFileSync(join(ROOT, "docs", "workbook-host.md"), "utf8");
  expect(text.length).toBeLessThan(60_000);
});
