// A throwaway https service for tests, and a client that trusts it. The certificate is made for 127.0.0.1 by
// office-addin-dev-certs' own generator into a temporary folder (its CA is installed nowhere). The client runs in a
// child process started with NODE_EXTRA_CA_CERTS, which Node reads only when it starts: so it is Node's own fetch
// that connects, with every certificate check in force.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface HttpsService {
  /** https://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

let caPath: string | undefined;
let folder: string | undefined;

/** An https server on 127.0.0.1 answering with `handler`; the certificate is made on first use. */
export async function startHttpsService(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<HttpsService> {
  if (!folder) {
    folder = mkdtempSync(join(tmpdir(), "sales-https-"));
    const { generateCertificates } = (await import("office-addin-dev-certs")) as {
      generateCertificates(ca: string, cert: string, key: string, days: number, domains: string[]): Promise<void>;
    };
    const log = console.log; // it says "The developer certificates have been generated." on stdout
    console.log = () => undefined;
    try {
      await generateCertificates(join(folder, "ca.crt"), join(folder, "cert.crt"), join(folder, "cert.key"), 1, [
        "127.0.0.1",
      ]);
    } finally {
      console.log = log;
    }
    caPath = join(folder, "ca.crt");
  }
  const server: Server = createServer(
    { cert: readFileSync(join(folder, "cert.crt")), key: readFileSync(join(folder, "cert.key")) },
    handler,
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Removes the certificate's folder (afterAll). */
export function removeHttpsCertificates(): void {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = caPath = undefined;
}

export interface ChildOutcome {
  ok?: boolean;
  kind?: string;
  message?: string;
}

/** client.testConnection() against `baseUrl` in a Node process that trusts the test CA; the key by environment. */
export function testConnectionInChild(baseUrl: string, apiKey: string): Promise<ChildOutcome> {
  if (!caPath) throw new Error("start an https service first: it makes the certificate");
  const child = spawn(process.execPath, ["--require", "tsx/cjs", join(__dirname, "httpsClient.ts"), baseUrl], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: caPath, SALES_TEST_API_KEY: apiKey },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      if (code !== 0) return reject(new Error(`the client process exited with ${code}: ${err}`));
      resolve(JSON.parse(out) as ChildOutcome);
    });
  });
}
