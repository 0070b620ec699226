// The simulator's row limit (a pick: the service states none): 1,000,000 by default, set with `maxRows`
// (`--max-rows N`), lifted with 0, so a client can be tried against a service that sends whatever is asked.
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { createSimulator } from "../../dev/simulator/index";
import { addDays, client, expectError, start, TODAY } from "./helpers";

const ROOT = join(__dirname, "..", "..");
const CLI = join(ROOT, "dev/simulator/cli.ts");

/** SKU-level daily revenue of northmart for `days` days up to 2026-11-22: one row a SKU and day. */
const daily = (days: number) => ({
  type: "sku",
  retailer: "northmart",
  timeframe: "daily",
  metric: "revenue",
  datefrom: addDays("2026-11-22", 1 - days),
  dateto: "2026-11-22",
});

describe("the simulator's row limit", () => {
  test("by default an answer of more than 1,000,000 rows is refused, with the count and the limit", async () => {
    const sim = await start({ skus: 1000 });
    try {
      const detail = await expectError(await client(sim).get("/api/data", daily(1001)));
      expect(detail).toBe(
        "The request would return about 1001000 rows, more than the simulator's limit of 1000000: " +
          "narrow the date range, use a longer timeframe or set 'viewby'.",
      );
    } finally {
      await sim.close();
    }
  });

  test("maxRows sets the limit: the same answer is served at its size and refused one row below", async () => {
    const at = await start({ maxRows: 96 });
    const below = await start({ maxRows: 95 });
    try {
      expect(await client(at).data(daily(2))).toHaveLength(96);
      const detail = await expectError(await client(below).get("/api/data", daily(2)));
      expect(detail).toMatch(/^The request would return about 96 rows, more than the simulator's limit of 95:/);
    } finally {
      await Promise.all([at.close(), below.close()]);
    }
  });

  test("--max-rows 0 lifts it: an answer of more than 1,000,000 rows is served, sent as it is built", async () => {
    // The command line's own simulator, in a process of its own (a hot loop runs several times slower in jest's).
    const child = spawn(
      process.execPath,
      ["--import", "tsx", CLI, "--port", "0", "--today", TODAY, "--skus", "1000", "--max-rows", "0"],
      { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (b: Buffer) => {
          out += b.toString();
          const found = /listening on (\S+)/.exec(out);
          if (found) resolve(found[1]);
        });
        child.once("exit", (code) => reject(new Error(`the simulator exited (${code}): ${out}`)));
      });
      const res = await fetch(`${url}/api/data?${new URLSearchParams(daily(1001))}`, {
        headers: { Authorization: "Token demo" },
      });
      expect(res.status).toBe(200);
      // Sent in parts as they are built (dev/simulator/data.ts, STREAMED_ROWS): no length said beforehand.
      expect(res.headers.get("content-length")).toBeNull();
      expect(res.headers.get("transfer-encoding")).toBe("chunked");
      // Rows are flat objects: one "{" each (parsing 150 MB here would take most of the test's time).
      const body = Buffer.from(await res.arrayBuffer());
      let rows = 0;
      for (let at = body.indexOf(0x7b); at >= 0; at = body.indexOf(0x7b, at + 1)) rows++;
      expect(rows).toBe(1_001_000);
      expect(body.subarray(0, 2).toString()).toBe("[{");
      expect(body.subarray(-2).toString()).toBe("}]");
      // The parts join as one array: one comma between rows, none doubled or left before the end.
      for (const seam of ["}{", ",,", ",]", "},}"]) expect(body.includes(seam)).toBe(false);
      expect(body.toString("latin1").split("},{").length).toBe(1_001_000);
    } finally {
      child.kill();
    }
  }, 60_000);

  test("the command line's --max-rows takes a whole number and says so in its help", () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: ROOT, encoding: "utf8" });
    const help = cli("--help");
    expect(help.stdout).toMatch(/--max-rows N +the most rows one data answer may have \(default 1000000; 0 = no limit/);
    const bad = cli("--max-rows", "none");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--max-rows needs a whole number, got 'none'/);
  });

  test("a limit that is no whole number is refused when the simulator is made", () => {
    expect(() => createSimulator({ maxRows: -1 })).toThrow("maxRows must be a whole number, 0 for no limit; got -1.");
  });
});
