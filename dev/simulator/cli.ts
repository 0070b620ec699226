// `npm run simulator -- [--port 4010] [--today YYYY-MM-DD] [--seed N] [--api-key demo] [--faults]
//                      [--skus N] [--stores M] [--max-rows N] [--long-names] [--host 127.0.0.1]`
import { DEFAULT_API_KEY, DEFAULT_PORT, startSimulator, type SimulatorOptions } from "./index";

const USAGE = `Usage: npm run simulator -- [options]
  --port N          port to listen on (default ${DEFAULT_PORT}; 0 = any free port)
  --host H          address to bind (default 127.0.0.1)
  --today DATE      the simulated today, YYYY-MM-DD (default: the real UTC date)
  --seed N          seed of the demo data (default 1)
  --api-key KEY     the API key to accept (default "${DEFAULT_API_KEY}")
  --faults          enable the test controls under /__simulator (clock, faults, request counts)
  --skus N          number of SKUs (default 48; for benchmarks)
  --stores M        stores at the largest retailer (default 120; others scale with it)
  --max-rows N      the most rows one data answer may have (default 1000000; 0 = no limit, as the service states none)
  --long-names      add a sixth retailer whose identifier, product, filter and store names run to 60+ characters
  --help            show this text`;

function parseArgs(argv: string[]): SimulatorOptions & { port: number; host?: string } {
  const opts: SimulatorOptions & { port: number; host?: string } = { port: DEFAULT_PORT };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const int = (): number => {
      const v = value();
      if (!/^\d+$/.test(v)) throw new Error(`${flag} needs a whole number, got '${v}'`);
      return Number(v);
    };
    switch (flag) {
      case "--port":
        opts.port = int();
        break;
      case "--host":
        opts.host = value();
        break;
      case "--today":
        opts.today = value();
        break;
      case "--seed":
        opts.seed = int();
        break;
      case "--api-key":
        opts.apiKey = value();
        break;
      case "--faults":
        opts.faults = true;
        break;
      case "--skus":
        opts.skus = int();
        break;
      case "--stores":
        opts.stores = int();
        break;
      case "--max-rows":
        opts.maxRows = int();
        break;
      case "--long-names":
        opts.longNames = true;
        break;
      case "--help":
      case "-h":
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`Unknown option '${arg}'`);
    }
  }
  return opts;
}

async function main(): Promise<void> {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const running = await startSimulator(opts);
  const s = running.simulator;
  console.log(`Sales data service simulator listening on ${running.url}`);
  console.log(`API key: ${running.apiKey}   (send it as  Authorization: Token ${running.apiKey})`);
  console.log(
    `Today: ${s.today()}   retailers: ${s.retailers.join(", ")}, all   test controls: ${opts.faults ? `on (${running.url}/__simulator/...)` : "off"}`,
  );
  console.log(`Try:  curl -H "Authorization: Token ${running.apiKey}" "${running.url}/api/list?type=retailers"`);
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
