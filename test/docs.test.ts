// The user's document stays one: the README at most 350 lines, in the order people meet the product, its quotes of
// the pane in one date style (en-US's), its list of what you may do to a table readable at 80 columns, and every
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

test("the README quotes the pane in en-US's date style only, and says how to see the Preview at Excel's width", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8").replace(/```[\s\S]*?```/g, "");
  const months = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec";
  // "16-22 Nov", "8 Oct", "28 Nov 2026": the service's words, not the pane's.
  expect(readme.match(new RegExp(`\\b\\d{1,2}(?:-\\d{1,2})? (?:${months})\\b`, "g"))).toBeNull();
  // Every slashed date is month first (the one en-GB example aside, which says it is en-GB's).
  const slashed = [...readme.matchAll(/\b(\d{2})\/(\d{2})\/(\d{4})\b( in en-GB)?/g)];
  expect(slashed.length).toBeGreaterThan(10);
  expect(slashed.filter((m) => !m[4] && Number(m[1]) > 12).map((m) => m[0])).toEqual([]);
  expect(readme).toContain("This README quotes the pane as it speaks in en-US");
  expect(readme).toContain("preview.html?width=320");
});

test("the README's list of what you may do to a table fits 80 columns", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.split("### What you may do to a table")[1].split("\n## ")[0];
  expect(section.split("\n").filter((line) => line.length > 80)).toEqual([]);
  expect(section).not.toMatch(/^\|/m); // a list, not a table
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
