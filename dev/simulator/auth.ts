// `Authorization: Token <key>` (the spec's stated form). The scheme word is matched without
// regard to case, as token-auth frameworks do; a bare key is refused (the simulator's pick),
// so a client that forgets the scheme word fails here rather than against the real service.
import type { IncomingMessage } from "node:http";
import { HttpError } from "./errors";

const CHALLENGE = { "WWW-Authenticate": 'Token realm="api"' };

export function checkAuth(req: IncomingMessage, apiKey: string): void {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === "") {
    throw new HttpError(401, "Authentication credentials were not provided.", CHALLENGE);
  }
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0].toLowerCase() !== "token") {
    throw new HttpError(401, "Invalid token header. Use the form 'Authorization: Token <API key>'.", CHALLENGE);
  }
  if (parts[1] !== apiKey) throw new HttpError(401, "Invalid token.", CHALLENGE);
}
