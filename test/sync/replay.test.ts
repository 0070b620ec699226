// The bench's replay (dev/bench/replay.ts): answers recorded through the recorder while a real sync reads the
// simulator, then served from memory, are the simulator's byte for byte (status, the headers that describe the
// answer, and every byte of the body), an answer with the omitted-metrics header and a refusal among them; a
// sync served by the replay writes the same table as one served by the simulator; a request never recorded, or
// asked with another key, is refused instead of answered.
import { createClient } from "../../src/api";
import { RequestPool } from "../../src/api/pool";
import { openDatabase, type SyncEngine } from "../../src/sync";
import type { SyncEntry } from "../../src/sync/syncFile";
import { syncTable } from "../../src/sync/syncTable";
import { startRecorder, startReplay, type Recording } from "../../dev/bench/replay";
import { asQuery } from "../support/query";
import { SIM_KEY, SIM_TODAY, startTestSimulator, type TestSimulator } from "../support/simulator";
import { duckDbCase } from "../../dev/sync-engines";

let sim: TestSimulator;
let engine: SyncEngine;
const db = duckDbCase();

beforeAll(async () => {
  sim = await startTestSimulator({ skus: 6, stores: 3 });
  await db.start();
  engine = await openDatabase(db.address());
}, 60_000);
afterAll(async () => {
  await engine?.close();
  await db.stop();
  await sim.close();
});

/** Eleven weeks of two retailers' store-level weekly data, one of them asked a metric it does not serve. */
const entry = (table: string): SyncEntry => ({
  table,
  rolling: false,
  query: asQuery({
    level: "store",
    retailers: "northmart,freshway",
    timeframe: "weekly",
    metrics: "revenue,units,stock",
    from: "2026-09-07",
    to: "2026-11-22",
  }),
});

const sync = (table: string, baseUrl: string) =>
  syncTable(entry(table), {
    engine,
    reader: { client: createClient({ baseUrl, apiKey: SIM_KEY, today: () => SIM_TODAY }), pool: new RequestPool() },
    today: SIM_TODAY,
  });

const get = (url: string, key = SIM_KEY) => fetch(url, { headers: { Authorization: `Token ${key}` } });

/** What a client can see of an answer: its status, the headers that describe it, and its bytes. */
async function seen(res: Response) {
  const headers = ["content-type", "content-length", "x-service-omitted-metrics"].map((h) => res.headers.get(h));
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}

test("answers recorded from a sync's reads are served again byte for byte, and the sync writes the same table", async () => {
  const recorder = await startRecorder(sim.url);
  let recording: Recording;
  try {
    expect((await sync("through recorder", recorder.url)).outcome).toBe("synced");
    // A refusal is recorded and sent again too.
    const refused =
      "/api/data?type=store&retailer=nowhere&timeframe=weekly&metric=revenue&datefrom=2026-11-02&dateto=2026-11-08";
    expect((await get(`${recorder.url}${refused}`)).status).toBeGreaterThanOrEqual(400);
    recording = recorder.recording;
  } finally {
    await recorder.close();
  }
  const paths = [...recording.answers.keys()];
  expect(paths.length).toBeGreaterThan(4); // a probe and chunks, for each of two retailers, and the refusal
  const replay = await startReplay(recording);
  try {
    let omitted = 0;
    for (const path of paths) {
      const [fromSimulator, fromReplay] = [
        await seen(await get(`${sim.url}${path}`)),
        await seen(await get(`${replay.url}${path}`)),
      ];
      expect(fromReplay.status).toBe(fromSimulator.status);
      expect(fromReplay.headers).toEqual(fromSimulator.headers);
      expect(fromReplay.body.equals(fromSimulator.body)).toBe(true);
      if (fromReplay.headers[2] === "stock") omitted++;
    }
    expect(omitted).toBeGreaterThan(0); // freshway does not serve stock at store level: the header is sent
    // served() counts the data answers sent (dev/bench/replay.ts).
    expect(replay.served()).toBe(paths.filter((p) => p.includes("/data?")).length);

    expect((await sync("through replay", replay.url)).outcome).toBe("synced");
    const rows = async (t: string) =>
      (await db.query(`SELECT * FROM "${t}" ORDER BY ALL`)).map((r) => JSON.stringify(r));
    const replayed = await rows("through replay");
    expect(replayed.length).toBeGreaterThan(100);
    expect(replayed).toEqual(await rows("through recorder"));

    expect((await get(`${replay.url}/api/data?type=sku`)).status).toBe(404);
    expect((await get(`${replay.url}${paths[0]}`, "another-key")).status).toBe(401);
  } finally {
    await replay.close();
  }
});
