// `npm start`: dev server + simulator (also over http://127.0.0.1:3001/simulator for the `sales-data` command).
// `npm run dev-server`: the dev server alone (for a real service). Options: --port N, --command-port N,
// --no-simulator, --self-signed, and for the simulator --today YYYY-MM-DD, --seed N, --skus N, --stores M,
// --max-rows N (0: no limit) and --long-names.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { banner, COMMAND_PORT, startDevServer } from "./dev-server";

function countOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got "${text}".`);
  return Number(text);
}

function portOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const port = Number(text);
  if (!(Number.isInteger(port) && port > 0 && port < 65536))
    throw new Error(`${name} must be a whole number from 1 to 65535, got "${text}".`);
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      "command-port": { type: "string" },
      "no-simulator": { type: "boolean" },
      "self-signed": { type: "boolean" },
      today: { type: "string" },
      seed: { type: "string" },
      skus: { type: "string" },
      stores: { type: "string" },
      "max-rows": { type: "string" },
      "long-names": { type: "boolean" },
    },
  });
  const port = portOption("--port", values.port);
  const commandPort = portOption("--command-port", values["command-port"]) ?? COMMAND_PORT;
  const running = await startDevServer({
    port,
    selfSigned: values["self-signed"],
    commandPort,
    simulator: values["no-simulator"]
      ? false
      : {
          today: values.today,
          seed: values.seed === undefined ? undefined : Number(values.seed),
          skus: countOption("--skus", values.skus),
          stores: countOption("--stores", values.stores),
          maxRows: countOption("--max-rows", values["max-rows"]),
          longNames: values["long-names"],
        },
  });
  console.log(banner(running, resolve(__dirname, "..", "manifest.xml")));
  const stop = () => void running.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: Error) => {
  console.error(`Could not start the development server: ${err.message}`);
  process.exit(1);
});
