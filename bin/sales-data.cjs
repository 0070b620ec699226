#!/usr/bin/env node
// `npx sales-data`: runs the command's TypeScript from a bundle esbuild makes on first use and again after any
// change to its sources (bin/cliBundle.cjs), so a clean clone needs no build step. See README, "Past the workbook".

// A sync streams: little is live at a time (the code, one answer, one block), yet by default V8 lets its old
// generation grow to about four times what was live at its last full collection before it collects again. Collect
// at one and a half times instead: on the bench's 5-million-row DuckDB sync the peak RSS went from about 530 MB to
// 435, for about 5% more time. V8 reads this flag at every full collection, so setting it after start takes effect.
require("node:v8").setFlagsFromString("--heap-growing-percent=50");
require("./cliBundle.cjs")
  .loadMain()(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
