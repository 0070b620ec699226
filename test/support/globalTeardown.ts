// After the whole run, in jest's own process. When jest runs the files there (one worker, or one file), the
// worker's browser and dev server live in this process and would keep it from exiting; in worker processes
// they end with the process.
import { closeWorkerBrowser } from "./browserWorker";

export default async function globalTeardown(): Promise<void> {
  await closeWorkerBrowser();
}
