// taskpane.bundle_gzip_kb: the production pane bundle (the one page of the shared runtime: pane, SALES
// functions and commands), gzipped, as a user's Excel downloads it. Goal: under 300.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import webpack from "webpack";
import type { Report } from "./run";

const makeConfig = require("../../webpack.config.js") as (env: object, argv: { mode: string }) => webpack.Configuration;

export async function run(report: Report): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), "sales-bundle-"));
  try {
    const config = makeConfig({}, { mode: "production" });
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack({ ...config, devtool: false, output: { ...config.output, path: out } }, (err, s) =>
        err || !s ? reject(err) : resolve(s),
      ),
    );
    if (stats.hasErrors()) throw new Error(stats.toString("errors-only"));
    const js = readFileSync(join(out, "taskpane.js"));
    report("taskpane.bundle_kb", Math.round(js.length / 1024), { above: 0 });
    report("taskpane.bundle_gzip_kb", Math.round(gzipSync(js, { level: 9 }).length / 1024));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
