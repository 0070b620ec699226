// `npm run bench`: runs every dev/bench/*.bench.ts and prints each figure as a `name: value` line.
// A bench module exports `run(report, options)`; ratios are measured side by side within one module's run.
// `npm run bench -- sync pipeline` runs the modules whose file name holds one of the words; `--scale` adds the cases
// too long for the default bench (the sync's 20-million-row table).
// A figure that is a contrast or a canary (it shows that another figure means something) is reported with its guard,
// `report(name, value, { above: 0 })`: a value that breaks the guard is recorded, the run goes on, and at its end every
// failed guard is printed with what it read and the run exits non-zero (docs/benchmarks.md, "Guarded figures").
import { readdirSync } from "node:fs";
import { join } from "node:path";

/** What a contrast or a canary must read for the figure it guards to mean something. */
export type Guard = { above: number } | { below: number } | { equals: number };

/** Prints `name: value`; with a guard, a value that breaks it fails the run at its end. */
export type Report = (name: string, value: number, guard?: Guard) => void;

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
  const failed: string[] = [];
  const report: Report = (name, value, guard) => {
    console.log(`${name}: ${shown(value)}`);
    const broken = guard && brokenGuard(value, guard);
    if (broken) failed.push(`${name} read ${shown(value)}; it must ${broken}`);
  };
  console.log(`# bench: ${files.length} module(s)`);
  try {
    for (const file of files) {
      const mod = (await import(join(__dirname, file))) as { run: (r: Report, o: BenchOptions) => Promise<void> };
      await mod.run(report, options);
    }
  } finally {
    for (const f of failed) console.error(`bench guard failed: ${f}`);
    if (failed.length > 0) {
      console.error(`# bench: ${failed.length} guard(s) failed: the figures they guard mean nothing in this run`);
      process.exitCode = 1;
    }
  }
}

function shown(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(3);
}

/** What the guard asks of the value ("be above 0"), when the value breaks it; null when it holds. */
function brokenGuard(value: number, guard: Guard): string | null {
  if ("above" in guard) return value > guard.above ? null : `be above ${shown(guard.above)}`;
  if ("below" in guard) return value < guard.below ? null : `be below ${shown(guard.below)}`;
  return value === guard.equals ? null : `equal ${shown(guard.equals)}`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
