// `npm start`: dev server + simulator.  `npm run dev-server`: the dev server alone (for a real service).
// Options: --port N, --no-simulator, --self-signed, --today YYYY-MM-DD, --seed N, --long-names (the last three for
// the simulator).
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { banner, startDevServer } from "./dev-server";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      "no-simulator": { type: "boolean" },
      "self-signed": { type: "boolean" },
      today: { type: "string" },
      seed: { type: "string" },
      "long-names": { type: "boolean" },
    },
  });
  const port = values.port ? Number(values.port) : undefined;
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
    throw new Error(`--port must be a whole number from 1 to 65535, got "${values.port}".`);
  }
  const running = await startDevServer({
    port,
    selfSigned: values["self-signed"],
    simulator: values["no-simulator"]
      ? false
      : {
          today: values.today,
          seed: values.seed === undefined ? undefined : Number(values.seed),
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
