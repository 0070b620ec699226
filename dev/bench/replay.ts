// Answers recorded once and served again from memory, so that a benchmark times the sync and not the service: the
// simulator builds a large retailer's week in about half a second, which was two thirds of what the sync bench
// called its floor. A recorder on 127.0.0.1 forwards each request to the service and keeps its answer (status,
// headers, bytes) by path and query; a replay server on 127.0.0.1 then sends those bytes again, unchanged, to
// whoever asks the same path and query with the same key (test/sync/replay.test.ts: byte for byte the simulator's).
import { request as httpRequest, createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One answer as the service sent it. */
export interface RecordedAnswer {
  status: number;
  /** The headers that describe the answer (hop-by-hop ones and Date left out). */
  headers: Record<string, string>;
  body: Buffer;
}

/** Answers by the request's path and query (`/api/data?type=store&...`), and the key they were asked with. */
export interface Recording {
  answers: Map<string, RecordedAnswer>;
  authorization?: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Headers a proxy must not pass on (RFC 9110, 7.6.1) and the time of sending, which no replay can keep. */
const NOT_KEPT = new Set(["connection", "keep-alive", "transfer-encoding", "date", "upgrade", "proxy-connection"]);

function keptHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined && !NOT_KEPT.has(name)) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

function listen(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<RunningServer> {
  const server = createServer(handle);
  // A client that parses a large answer before it asks for the next reuses its connection long after Node's 5 s.
  server.keepAliveTimeout = 120_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * The answer of `target` to one GET, passed on to `res` as it arrives (a large answer's first bytes are not held back
 * until its last: the client's timeout counts from the request) and kept whole.
 */
function forward(target: URL, req: IncomingMessage, res: ServerResponse): Promise<RecordedAnswer> {
  const headers = { ...req.headers, host: target.host };
  return new Promise((resolve, reject) => {
    const out = httpRequest(new URL(req.url ?? "/", target), { method: "GET", headers }, (answer) => {
      const kept = keptHeaders(answer);
      res.writeHead(answer.statusCode ?? 502, kept);
      const parts: Buffer[] = [];
      answer.on("data", (b: Buffer) => {
        parts.push(b);
        res.write(b);
      });
      answer.on("end", () => {
        res.end();
        resolve({ status: answer.statusCode ?? 502, headers: kept, body: Buffer.concat(parts) });
      });
      answer.on("error", reject);
    });
    out.on("error", reject);
    out.end();
  });
}

function send(res: ServerResponse, answer: RecordedAnswer): void {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

/**
 * A proxy in front of the service at `target` that keeps every answer it passes on in `recording` (a new one, or
 * one shared by recorders in front of several copies of the service, to record side by side).
 */
export async function startRecorder(
  target: string,
  recording: Recording = { answers: new Map() },
): Promise<RunningServer & { recording: Recording }> {
  const base = new URL(target);
  const server = await listen((req, res) => {
    const key = req.url ?? "/";
    forward(base, req, res).then(
      (answer) => {
        recording.answers.set(key, answer);
        recording.authorization ??= req.headers.authorization;
      },
      (error: Error) => {
        if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
        res.end(`the recorder could not reach ${target}: ${error.message}`);
      },
    );
  });
  return { ...server, recording };
}

/**
 * Serves a recording from memory: the bytes kept for the request's path and query, with their status and headers.
 * A request with another key is refused (401) and one never recorded is a 404 naming it, so a benchmark whose
 * sync asks anything else fails at once instead of timing something else.
 */
export function startReplay(recording: Recording): Promise<RunningServer & { served(): number }> {
  // served(): the data answers sent (a sync's key check and lists are not its reads).
  let served = 0;
  return listen((req, res) => {
    const answer = recording.answers.get(req.url ?? "/");
    const json = { "Content-Type": "application/json" };
    if (recording.authorization !== undefined && req.headers.authorization !== recording.authorization) {
      res.writeHead(401, json);
      res.end(JSON.stringify({ detail: "Not the key the answers were recorded with." }));
    } else if (!answer) {
      res.writeHead(404, json);
      res.end(JSON.stringify({ detail: `Not recorded: ${req.url}` }));
    } else {
      if (req.url?.includes("/data?")) served++;
      send(res, answer);
    }
  }).then((server) => ({ ...server, served: () => served }));
}

/** The bytes a recording holds. */
export const recordedBytes = (recording: Recording): number =>
  [...recording.answers.values()].reduce((n, a) => n + a.body.length, 0);
