// HTTPS for the dev server. Office only loads add-ins over https, and Excel trusts the certificate only
// when office-addin-dev-certs has installed its CA. Where that cannot happen (no sudo, a CI box, a
// container), the dev server falls back to a self-signed certificate and says what that means.
import type { ServerOptions } from "node:https";

export type CertSource =
  { kind: "office-addin-dev-certs"; options: ServerOptions } | { kind: "self-signed"; reason: string };

const INSTALL_TIMEOUT_MS = 30_000;

export async function devCertificates(opts: { selfSigned?: boolean } = {}): Promise<CertSource> {
  if (opts.selfSigned) return { kind: "self-signed", reason: "asked for with --self-signed" };
  try {
    // Loaded lazily: it is only needed here, and its CA install may ask for an administrator password.
    const devCerts = (await import("office-addin-dev-certs")) as {
      getHttpsServerOptions(days?: number): Promise<ServerOptions>;
    };
    const options = await Promise.race([
      devCerts.getHttpsServerOptions(30),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("installing the certificate took too long")), INSTALL_TIMEOUT_MS).unref(),
      ),
    ]);
    // The package can report success without files; trust only what we can read.
    if (!options.cert || !options.key) throw new Error("it returned no certificate");
    return { kind: "office-addin-dev-certs", options };
  } catch (err) {
    return { kind: "self-signed", reason: (err as Error).message.split("\n")[0] };
  }
}

export function describeCerts(source: CertSource): string {
  if (source.kind === "office-addin-dev-certs")
    return "HTTPS certificate: office-addin-dev-certs (trusted by Office on this machine)";
  return [
    `HTTPS certificate: self-signed, because office-addin-dev-certs could not be used (${source.reason}).`,
    "  Browsers and Excel will not trust it until you do. To fix: run `npx office-addin-dev-certs install`",
    "  (it asks for an administrator password), then restart `npm start`.",
  ].join("\n");
}
