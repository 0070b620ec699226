// A tiny HTTP proxy in front of the test simulator that changes the rows of its data answers (drops some, empties
// a metric), for what the simulator's fault controls cannot do: a service that stops sending some stored rows or
// figures. Everything else (status, headers such as X-Service-Omitted-Metrics, errors) passes through as the
// simulator sent it, so the client reads and checks the answer as it would the service's.
// Why not dev/corruptions' startCorruptingProxy: its rules break the data contract at random (n rows of its
// choosing get a null, "respace" keeps one weekday it picks), while the losses tests need chosen rows gone (one
// SKU on two named days, three SKUs of four, one retailer's week, a named day and then one more) or emptied (one
// SKU's revenue on two named days), and a hook that runs while refresh waits for the answer (to change the table
// between its reads and its write). Tests that only need "a refresh that would lose whole days" use the
// corrupting proxy (test/taskpane/refreshAnyway.test.ts, test/browser/refresh-anyway.test.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A row of a data answer, as the service sends it ({"date": "2026-11-18T00:00:00Z", "sku": 100002, ...}). */
export type ServiceRow = Record<string, unknown>;

/** Changes the rows of one data answer; `params` are the request's query parameters. */
export type RowsChange = (rows: ServiceRow[], params: URLSearchParams) => ServiceRow[];

export interface AnswerProxy {
  /** The proxy's base URL, for createClient's baseUrl. */
  readonly url: string;
  /** The change applied to every data answer from now on (null: answers pass as they are). */
  change: RowsChange | null;
  close(): Promise<void>;
}

/** The day of a row's period field (date, week or month), yyyy-mm-dd; undefined when the row has none. */
export function dayOf(row: ServiceRow): string | undefined {
  for (const v of Object.values(row)) if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v)) return v.slice(0, 10);
  return undefined;
}

export async function startAnswerProxy(target: string): Promise<AnswerProxy> {
  const proxy: { change: RowsChange | null } = { change: null };
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", target);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === "string" && k !== "host" && k !== "connection") headers[k] = v;
      const answer = await fetch(url, { method: req.method, headers });
      let body = Buffer.from(await answer.arrayBuffer());
      const change = proxy.change;
      if (change && answer.ok && /\/data$/.test(url.pathname)) {
        const rows = JSON.parse(body.toString("utf8")) as ServiceRow[];
        body = Buffer.from(JSON.stringify(change(rows, url.searchParams)), "utf8");
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        if (!["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"].includes(k))
          out[k] = v;
      });
      out["content-length"] = String(body.length);
      res.writeHead(answer.status, out);
      res.end(body);
    })().catch((err: unknown) => {
      res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ detail: `answer proxy: ${String(err)}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get change() {
      return proxy.change;
    },
    set change(c: RowsChange | null) {
      proxy.change = c;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
