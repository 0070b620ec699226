// The production build, run in-process as `npm run build` runs it, into a temporary folder, but not minified:
// terser is two thirds of the build's 25 s of CPU and nothing here reads the minified code (the bench's
// taskpane.bundle_gzip_kb builds the minified bundle and measures it).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import webpack from "webpack";
import { inspectManifest } from "./support/manifest";

const makeConfig = require("../webpack.config.js") as (env: object, argv: { mode: string }) => webpack.Configuration;
const root = join(__dirname, "..");

function build(config: webpack.Configuration): Promise<webpack.Stats> {
  return new Promise((resolve, reject) =>
    webpack(config, (err, stats) => {
      if (err || !stats) reject(err ?? new Error("no stats"));
      else resolve(stats);
    }),
  );
}

describe("production build", () => {
  const out = mkdtempSync(join(tmpdir(), "sales-build-"));
  const host = "https://addin.example.com/sales";
  let stats: webpack.Stats;

  beforeAll(async () => {
    const config = makeConfig({ host }, { mode: "production" });
    const optimization = { ...config.optimization, minimize: false };
    stats = await build({
      ...config,
      context: root,
      devtool: false,
      optimization,
      output: { ...config.output, path: out },
    });
  }, 120_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  test("succeeds and writes the manifest, functions.json, the pane page and its bundle", () => {
    expect(stats.hasErrors() ? stats.toString("errors-only") : "").toBe("");
    for (const file of [
      "manifest.xml",
      "functions.json",
      "taskpane.html",
      "taskpane.js",
      "help.html",
      "assets/icon-32.png",
    ]) {
      expect(existsSync(join(out, file))).toBe(true);
    }
    const page = readFileSync(join(out, "taskpane.html"), "utf8");
    expect(page).toMatch(/<script[^>]+src="?taskpane\.js/);
    // Microsoft requires production add-ins to load office.js from its CDN.
    expect(page).toContain("https://appsforoffice.microsoft.com/lib/1/hosted/office.js");
  });

  test("functions.json lists every SALES function with help for each argument", () => {
    const metadata = JSON.parse(readFileSync(join(out, "functions.json"), "utf8")) as {
      functions: { id: string; description?: string; parameters: { name: string; description?: string }[] }[];
    };
    expect(metadata.functions.map((f) => f.id).sort()).toEqual(
      ["ACTIONS", "FILTERS", "METRICS", "RETAILERS", "SKU", "STORE", "VALUE"].sort(),
    );
    for (const fn of metadata.functions) {
      expect(fn.description).toBeTruthy();
      for (const p of fn.parameters)
        expect([fn.id, p.name, p.description]).toEqual([fn.id, p.name, expect.any(String)]);
    }
    const bundle = readFileSync(join(out, "taskpane.js"), "utf8");
    for (const fn of metadata.functions) expect(bundle).toContain(`associate("${fn.id}"`);
  });

  test("the production host replaces every https://localhost:3000 in the manifest", () => {
    const original = readFileSync(join(root, "manifest.xml"), "utf8");
    const built = readFileSync(join(out, "manifest.xml"), "utf8");
    const occurrences = original.split("https://localhost:3000").length - 1;
    expect(occurrences).toBeGreaterThan(5);
    expect(built).not.toContain("localhost");
    expect(built.split(host).length - 1).toBe(occurrences);
    expect(inspectManifest(built).problems).toEqual([]);
  });

  test("the build compiles through ts-loader (transpiling only) and loads office.js from the CDN, development from @microsoft/office-js", () => {
    // Every TypeScript module of ours in the bundle (concatenated ones included) came through ts-loader.
    type Module = { identifier?: string; modules?: Module[] };
    const flat = (ms: Module[]): Module[] => ms.flatMap((m) => [m, ...flat(m.modules ?? [])]);
    const ours = flat(stats.toJson({ modules: true, nestedModules: true }).modules ?? [])
      .map((m) => m.identifier ?? "")
      .filter((id) => /[\\/]src[\\/].*\.tsx?$/.test(id));
    expect(ours.length).toBeGreaterThan(100);
    expect(ours.filter((id) => !/[\\/]ts-loader[\\/]/.test(id))).toEqual([]);
    type Page = { userOptions?: { filename?: string; officeJs?: string } };
    const page = (mode: string) =>
      (makeConfig({}, { mode }).plugins as Page[]).find((p) => p.userOptions?.filename === "taskpane.html")?.userOptions
        ?.officeJs;
    expect(page("production")).toBe("https://appsforoffice.microsoft.com/lib/1/hosted/office.js");
    expect(page("development")).toBe("office-js/office.js");
  });

  test("a non-https production host is refused", () => {
    expect(() => makeConfig({ host: "http://addin.example.com" }, { mode: "production" })).toThrow(/must be https/);
  });
});

describe("custom functions metadata", () => {
  test("bad JSDoc fails the build instead of shipping a broken functions.json", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sales-badjsdoc-"));
    try {
      const bad = join(dir, "functions.ts");
      writeFileSync(
        bad,
        "/**\n * Broken: a type Excel cannot map.\n * @customfunction BROKEN\n * @param when A date\n */\n" +
          "export function broken(when: Date): number { return when.getTime(); }\n",
      );
      const Plugin = require("custom-functions-metadata-plugin");
      const stats = await build({
        mode: "development",
        context: root,
        entry: bad,
        output: { path: join(dir, "out") },
        resolve: { extensions: [".ts", ".js"] },
        module: {
          rules: [
            {
              test: /\.ts$/,
              use: { loader: "ts-loader", options: { transpileOnly: true, compilerOptions: { noEmit: false } } },
            },
          ],
        },
        plugins: [new Plugin({ input: bad, output: "functions.json" })],
      });
      expect(stats.hasErrors()).toBe(true);
      expect(stats.toString("errors-only")).toMatch(/does not support type "Date"|Type doesn't match/);
      expect(existsSync(join(dir, "out", "functions.json"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
