// The command line's simulator in a process of its own, mounted in a browser rig's dev server through a forwarder:
// for a browser test at a large brand's size (hundreds of thousands of rows an answer), whose answers jest's module
// sandbox would build several times slower (its hot loops run slower there), and which would share the thread
// that serves the page.
import { spawn, type ChildProcess } from "node:child_process";
import { request, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import type { Simulator } from "../../dev/simulator";

const ROOT = join(__dirname, "..", "..");
const CLI = join(ROOT, "dev/simulator/cli.ts");

export interface ProcessSimulator {
  /** What the dev server mounts: each request forwarded to the process, its answer streamed back. */
  simulator: Simulator;
  /** The data requests the process was sent. */
  dataRequests(): number;
  close(): void;
}

/** Starts `npm run simulator -- <args>` on a free port (with its test controls) and forwards to it. */
export async function startProcessSimulator(args: readonly string[]): Promise<ProcessSimulator> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", CLI, "--port", "0", "--faults", ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const base = await new Promise<URL>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      const found = /listening on (\S+)/.exec(out);
      if (found) resolve(new URL(found[1]));
    });
    child.once("exit", (code) => reject(new Error(`the simulator exited (${code}): ${out}`)));
  });
  let data = 0;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if ((req.url ?? "").startsWith("/api/data")) data++;
    const forwarded = request(
      { host: base.hostname, port: base.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => res.destroy());
    // The page stopped reading (a cancel, a refusal): the process stops sending.
    res.on("close", () => forwarded.destroy());
    req.pipe(forwarded);
  };
  const simulator = { handle, apiKey: "demo" } as unknown as Simulator;
  return {
    simulator,
    dataRequests: () => data,
    close: () => void child.kill(),
  };
}
