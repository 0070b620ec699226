// The development server: the add-in's webpack build over HTTPS on localhost, with the service
// simulator mounted under /simulator so a newcomer needs neither an API key nor a second process. The same simulator
// also answers over plain HTTP on 127.0.0.1 (commandPort) for the `sales-data` command: Node trusts no certificate
// this server could make without an administrator, and the command allows http on this machine only.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import webpack from "webpack";
import WebpackDevServer from "webpack-dev-server";
import { createSimulator, type Simulator, type SimulatorOptions } from "./simulator";
import { devCertificates, describeCerts, type CertSource } from "./certs";
import { todayIso } from "../src/core/dates";

const webpackConfig = require("../webpack.config.js") as (env: object, argv: { mode: string }) => webpack.Configuration;

export const DEV_PORT = 3000;
export const SIMULATOR_MOUNT = "/simulator";
/** Where office.js is served from @microsoft/office-js (the development page loads it there: webpack.config.js). */
export const OFFICE_JS_MOUNT = "/office-js";
const OFFICE_JS_DIR = join(__dirname, "..", "node_modules", "@microsoft", "office-js", "dist");
/** Where `npm start` serves the simulator to the command (DEV_PORT + 1). */
export const COMMAND_PORT = 3001;

export interface DevServerOptions extends BuildOptions {
  port?: number;
  /** The simulator's options; or, for tests that share one server between files, a function giving the simulator
   *  to mount at each request (each file mounts its own; none mounted answers 503). */
  simulator?: SimulatorOptions | false | (() => Simulator | undefined);
  selfSigned?: boolean;
  /** Also serve the simulator over HTTP on 127.0.0.1 at this port (0: any free one), for the command. */
  commandPort?: number;
  /** Only errors from the compiler and the server (tests). */
  quiet?: boolean;
  /** Reload open pages when a source file changes (default true). Tests turn it off: an edit made while a
   *  browser test runs must not reload its page half way through a step. */
  liveReload?: boolean;
  /** gzip what is served (default true). Tests turn it off: on localhost it only costs CPU on both ends. */
  compress?: boolean;
}

/** How the development bundle is built (the same for warmBuildCache and the dev servers that reuse its cache). */
export interface BuildOptions {
  /** webpack's filesystem cache in this folder (tests: jest's workers build once, warmBuildCache, then reuse it). */
  cacheDirectory?: string;
  /** Source maps in the bundle (default true). Tests turn them off: the bundle is then about half the size and
   *  (served without gzip) a fresh page loads it for about a quarter less CPU (README, Test run time); stack
   *  traces still name each module's file. */
  sourceMaps?: boolean;
}

export interface RunningDevServer {
  origin: string;
  simulator?: Simulator;
  /** The simulator's address for the command (http://127.0.0.1:<commandPort>/simulator), when served. */
  commandUrl?: string;
  certs: CertSource;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Excel on the web fetches functions.json cross-origin, so it must carry CORS headers. */
const functionsJsonCors: Handler = (req, res, next) => {
  if (req.url?.split("?")[0] === "/functions.json") res.setHeader("Access-Control-Allow-Origin", "*");
  next();
};

function developmentConfig({ cacheDirectory, sourceMaps = true }: BuildOptions): webpack.Configuration {
  const config = webpackConfig({}, { mode: "development" });
  if (!sourceMaps) config.devtool = "eval";
  if (cacheDirectory) config.cache = { type: "filesystem", cacheDirectory, idleTimeoutForInitialStore: 0 };
  return config;
}

/**
 * Builds the development bundle once into webpack's filesystem cache in `cacheDirectory`, so that dev servers
 * started with it (one per jest worker) restore the build instead of making it again (about 3 s of CPU for 12).
 */
export async function warmBuildCache(build: BuildOptions & { cacheDirectory: string }): Promise<void> {
  const config = developmentConfig(build);
  // Emitted beside the cache, never over dist/ (what a dev server serves is built in memory anyway).
  const output = { ...config.output, path: join(build.cacheDirectory, "..", "emitted") };
  const compiler = webpack({ ...config, output, infrastructureLogging: { level: "error" } });
  try {
    await new Promise<void>((resolve, reject) =>
      compiler.run((err, stats) =>
        err ? reject(err) : stats?.hasErrors() ? reject(new Error(stats.toString("errors-only"))) : resolve(),
      ),
    );
  } finally {
    // Closing writes the cache out.
    await new Promise<void>((resolve) => compiler.close(() => resolve()));
  }
}

export async function startDevServer(opts: DevServerOptions = {}): Promise<RunningDevServer> {
  const port = opts.port ?? DEV_PORT;
  const certs = await devCertificates({ selfSigned: opts.selfSigned });
  const given = opts.simulator;
  const simulator = given === false || typeof given === "function" ? undefined : createSimulator(given ?? {});
  const current = typeof given === "function" ? given : () => simulator;
  const config = developmentConfig(opts);
  if (opts.quiet) config.infrastructureLogging = { level: "error" };
  const compiler = webpack(config);
  // Resolve only once the first build is done, so the printed URLs answer at once.
  const firstBuild = new Promise<void>((resolve) => compiler.hooks.done.tap("sales-data-first-build", () => resolve()));
  const server = new WebpackDevServer(
    {
      host: "localhost", // never the network: the simulator's demo key would be reachable otherwise
      port,
      server: certs.kind === "office-addin-dev-certs" ? { type: "https", options: certs.options } : { type: "https" },
      hot: false,
      liveReload: opts.liveReload !== false,
      client:
        opts.liveReload === false
          ? false
          : { overlay: { errors: true, warnings: false }, logging: opts.quiet ? "error" : "info" },
      devMiddleware: { stats: opts.quiet ? "errors-only" : "errors-warnings" },
      compress: opts.compress !== false,
      // Everything else is built by webpack; office.js (and the files it loads) is served as the package has it.
      static: { directory: OFFICE_JS_DIR, publicPath: OFFICE_JS_MOUNT, watch: false, serveIndex: false },
      setupMiddlewares: (middlewares, devServer) => {
        devServer.app?.use(functionsJsonCors);
        if (given !== false)
          devServer.app?.use(SIMULATOR_MOUNT, (req: IncomingMessage, res: ServerResponse) => {
            const now = current();
            if (now) now.handle(req, res);
            else res.writeHead(503, { "Content-Type": "text/plain" }).end("No simulator is mounted.");
          });
        return middlewares;
      },
    },
    compiler,
  );
  await server.start();
  const forCommand =
    simulator && opts.commandPort !== undefined
      ? await serveToCommand(simulator, opts.commandPort).catch(async (err: Error) => {
          await server.stop();
          throw err;
        })
      : undefined;
  await firstBuild;
  return {
    origin: `https://localhost:${port}`,
    simulator,
    ...(forCommand ? { commandUrl: forCommand.url } : {}),
    certs,
    close: async () => {
      await forCommand?.close();
      await server.stop();
    },
  };
}

/** The simulator over plain HTTP on 127.0.0.1 (never the network), under /simulator as on the dev server. */
async function serveToCommand(simulator: Simulator, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const http = createServer((req, res) => {
    if (
      req.url === SIMULATOR_MOUNT ||
      req.url?.startsWith(`${SIMULATOR_MOUNT}/`) ||
      req.url?.startsWith(`${SIMULATOR_MOUNT}?`)
    ) {
      req.url = req.url.slice(SIMULATOR_MOUNT.length) || "/";
      simulator.handle(req, res);
    } else {
      // The address npm start prints ends in /simulator; one without it is told the whole address, not only the path.
      const address = `http://${req.headers.host ?? `127.0.0.1:${port}`}${SIMULATOR_MOUNT}`;
      res.writeHead(404, { "Content-Type": "text/plain" }).end(`The simulator is at ${address}.`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === "EADDRINUSE"
            ? `port ${port} (the simulator for the command) is in use: give --command-port with a free one.`
            : err.message,
        ),
      ),
    );
    http.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${bound}${SIMULATOR_MOUNT}`,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

export function banner(running: RunningDevServer, manifestPath: string): string {
  const o = running.origin;
  const lines = [
    "",
    "Sales Data for Excel is being served.",
    `  Task pane:  ${o}/taskpane.html`,
    `  Manifest:   ${manifestPath}  (sideload this file; also served at ${o}/manifest.xml)`,
    `  Functions:  ${o}/functions.json`,
    `  Preview:    ${o}/preview.html  (the pane beside an in-memory workbook, no Excel needed)`,
  ];
  if (running.simulator) {
    const today = running.simulator.today();
    lines.push(
      `  Simulator:  ${o}${SIMULATOR_MOUNT}  (Service URL for the pane; API key: ${running.simulator.apiKey})`,
      `              simulated today: ${today}`,
    );
    if (running.commandUrl)
      lines.push(
        "  Command:    the same simulator for `sales-data sync`, in another terminal:",
        `              export SALES_DATA_URL=${running.commandUrl} SALES_DATA_API_KEY=${running.simulator.apiKey}` +
          (today === todayIso() ? "" : ` SALES_DATA_TODAY=${today}`),
      );
  }
  lines.push(
    `  ${describeCerts(running.certs)}`,
    '  Sideload: see README, section "Sideload into Excel". Stop with Ctrl+C.',
    "",
  );
  return lines.join("\n");
}
