// `npm run bench`: runs every dev/bench/*.bench.ts and prints each figure as a `name: value` line.
// A bench module exports `run(report, options)`; ratios are measured side by side within one module's run.
// `npm run bench -- sync pipeline` runs the modules whose file name holds one of the words; `--scale` adds the cases
// too long for the default bench (the sync's 20-million-row table).
import { readdirSync } from "node:fs";
import { join } from "node:path";

export type Report = (name: string, value: number) => void;

export interface BenchOptions {
  /** `--scale`: the cases too long for the default bench. */
  scale: boolean;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const options: BenchOptions = { scale: args.includes("--scale") };
  const unknown = args.filter((a) => a.startsWith("--") && a !== "--scale");
  if (unknown.length > 0) throw new Error(`npm run bench takes module names and --scale, not ${unknown.join(" ")}`);
  const only = args.filter((a) => !a.startsWith("--"));
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
    const mod = (await import(join(__dirname, file))) as { run: (r: Report, o: BenchOptions) => Promise<void> };
    await mod.run(report, options);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
