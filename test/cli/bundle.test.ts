// The command runs from a bundle of its TypeScript (bin/cliBundle.cjs): made on first use, used as it is while its
// sources stay as they were, made again when one changes; where it cannot be written, the TypeScript runs through
// tsx instead; a source that does not compile is named. Each case runs
// the real bin in a copy of the project (bin, src, tsconfig.json; node_modules linked package by package), so
// its sources can change without touching this checkout's.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { salesData } from "./support/command";

const HERE = join(__dirname, "..", "..");

const copies: string[] = [];
afterAll(() => copies.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A copy of the project with its own node_modules folder (and so its own node_modules/.cache). */
function copyOfProject(): string {
  const root = mkdtempSync(join(tmpdir(), "sales-cli-bundle-"));
  copies.push(root);
  for (const part of ["bin", "src", "tsconfig.json", "package.json"])
    cpSync(join(HERE, part), join(root, part), { recursive: true });
  mkdirSync(join(root, "node_modules"));
  for (const entry of readdirSync(join(HERE, "node_modules")))
    if (entry !== ".cache") symlinkSync(join(HERE, "node_modules", entry), join(root, "node_modules", entry));
  return root;
}

const DESCRIPTION = "Sync the sales data service's queries into DuckDB or PostgreSQL.";
const run = (root: string) => salesData(["--help"], {}, root, join(root, "bin", "sales-data.cjs"));

test("made on first use, used as it is, and made again when a source changes", async () => {
  const root = copyOfProject();
  const bundle = join(root, "node_modules", ".cache", "sales-data-cli", "main.cjs");
  const first = await run(root);
  expect(first).toMatchObject({ code: 0, stderr: "" });
  expect(first.stdout).toContain(DESCRIPTION);
  expect(existsSync(bundle)).toBe(true);
  expect(readFileSync(bundle, "utf8")).toContain(DESCRIPTION);
  const made = statSync(bundle).mtimeMs;
  expect(await run(root)).toEqual(first);
  expect(statSync(bundle).mtimeMs).toBe(made);

  const main = join(root, "src", "cli", "main.ts");
  writeFileSync(main, readFileSync(main, "utf8").replace(DESCRIPTION, "Changed since the bundle was made."));
  const second = await run(root);
  expect(second).toMatchObject({ code: 0, stderr: "" });
  expect(second.stdout).toContain("Changed since the bundle was made.");
  expect(readFileSync(bundle, "utf8")).not.toContain(DESCRIPTION);
});

test("where the bundle cannot be written, the command runs through tsx", async () => {
  const root = copyOfProject();
  writeFileSync(join(root, "node_modules", ".cache"), "a file where the cache folder would be");
  const result = await run(root);
  expect(result).toMatchObject({ code: 0, stderr: "" });
  expect(result.stdout).toContain(DESCRIPTION);
});

test("a source that does not compile is named", async () => {
  const root = copyOfProject();
  await run(root);
  const report = join(root, "src", "cli", "report.ts");
  writeFileSync(report, `${readFileSync(report, "utf8")}\nexport const broken = ;\n`);
  const result = await run(root);
  expect(result.code).not.toBe(0);
  expect(result.stderr).toContain("report.ts");
});
