// What a test's dev server needs: a free port, and the run's one webpack build (the first worker to ask makes it
// into webpack's filesystem cache in the run's folder, test/support/globalSetup.ts; the others wait for it and
// restore it, about 3 s of CPU instead of 12).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { warmBuildCache } from "../../dev/dev-server";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Without source maps: the bundle a page loads is smaller and quicker to compile (dev/dev-server.ts). */
export const BUILD = { sourceMaps: false } as const;

/** How long a worker waits for another's build before building on its own. */
const BUILD_WAIT_MS = 180_000;

/**
 * The run's webpack cache, built once by whichever worker asks first (a folder made with mkdir is the lock);
 * undefined outside a jest run with the global setup. A failed build is left to each dev server to make again.
 */
export async function sharedBuildCache(): Promise<string | undefined> {
  const run = process.env.SALES_TEST_RUN_DIR;
  if (!run) return undefined;
  const cache = join(run, "webpack-cache");
  const done = join(run, "webpack-built");
  try {
    mkdirSync(join(run, "webpack-building"));
  } catch {
    for (const t0 = Date.now(); !existsSync(done) && Date.now() - t0 < BUILD_WAIT_MS;)
      await new Promise((r) => setTimeout(r, 100));
    return cache;
  }
  try {
    await warmBuildCache({ ...BUILD, cacheDirectory: cache });
  } finally {
    writeFileSync(done, "");
  }
  return cache;
}
