// Public entry of the service simulator: an in-process handler (to mount in the dev server)
// and a standalone HTTP server (for the CLI, tests and benchmarks).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createSimulator, type Simulator, type SimulatorOptions } from "./simulator";

export { createSimulator, DEFAULT_API_KEY, DEFAULT_PORT } from "./simulator";
export type { Simulator, SimulatorOptions } from "./simulator";
export { LONG_NAME_RETAILER } from "./long-names";

export interface RunningSimulator {
  url: string;
  apiKey: string;
  simulator: Simulator;
  close(): Promise<void>;
}

export function startSimulator(
  opts: SimulatorOptions & { port?: number; host?: string } = {},
): Promise<RunningSimulator> {
  const simulator = createSimulator(opts);
  const host = opts.host ?? "127.0.0.1";
  const server = createServer(simulator.handle);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 4010, host, () => {
      server.off("error", reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = host.includes(":") ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${port}`,
        apiKey: simulator.apiKey,
        simulator,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((err) => (err ? fail(err) : done()));
            // Keep-alive sockets would hold close() open until they time out.
            server.closeAllConnections();
          }),
      });
    });
  });
}
