// Run by testConnectionInChild (https.ts): one testConnection with the real client, printed as JSON on stdout.
import { createClient, SalesApiError } from "../../src/api";

const baseUrl = process.argv[2];
createClient({ baseUrl, apiKey: process.env.SALES_TEST_API_KEY ?? "", retries: 0, timeoutMs: 10_000 })
  .testConnection()
  .then(
    (ok) => console.log(JSON.stringify({ ok })),
    (e: unknown) =>
      console.log(
        JSON.stringify(e instanceof SalesApiError ? { kind: e.kind, message: e.message } : { message: String(e) }),
      ),
  );
