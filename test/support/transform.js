// Jest's transform: esbuild (which tsx already brings) turns TypeScript, TSX and ky's ES modules into CommonJS.
// Types are checked by `npm run typecheck`, so a transform only has to strip them, and esbuild does that in
// a fraction of ts-jest's time (most of a clean clone's first run).
const { transformSync } = require("esbuild");
const { createHash } = require("node:crypto");
const { readFileSync } = require("node:fs");
const { version } = require("esbuild/package.json");

// A change of esbuild or of this file's options makes every cached transform stale.
const SELF = readFileSync(__filename, "utf8");

const loaderOf = (path) => (path.endsWith(".tsx") ? "tsx" : path.endsWith(".ts") ? "ts" : "js");

module.exports = {
  getCacheKey(source, path) {
    return createHash("sha1")
      .update(version)
      .update(SELF)
      .update("\0")
      .update(path)
      .update("\0")
      .update(source)
      .digest("hex");
  },
  process(source, path) {
    const { code, map } = transformSync(source, {
      loader: loaderOf(path),
      format: "cjs",
      target: "node20",
      jsx: "automatic",
      sourcemap: true,
      sourcefile: path,
      // Jest runs CommonJS: a dynamic import() in a test becomes a require().
      supported: { "dynamic-import": false },
    });
    return { code, map };
  },
};
