#!/usr/bin/env node
// `npx sales-data`: runs the command's TypeScript through tsx (installed by `npm ci`), so a clean clone needs no
// build step. See README, "Past the workbook".
require("tsx/cjs/api").register();
require("../src/cli/main.ts")
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
