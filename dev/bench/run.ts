// `npm run bench`: runs every dev/bench/*.bench.ts and prints each figure as a `name: value` line.
// A bench module exports `run(report)`; ratios are measured side by side within one module's run.
import { readdirSync } from "node:fs";
import { join } from "node:path";

export type Report = (name: string, value: number) => void;

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith(".bench.ts"))
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .sort();
  const report: Report = (name, value) => {
    const shown = Number.isInteger(value) ? String(value) : value.toFixed(3);
    console.log(`${name}: ${shown}`);
  };
  console.log(`# bench: ${files.length} module(s)`);
  for (const file of files) {
    const mod = (await import(join(__dirname, file))) as { run: (r: Report) => Promise<void> };
    await mod.run(report);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
