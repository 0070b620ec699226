// What the sync command needs before it reads anything: the files it is given, read or said why not; the API key
// (SALES_DATA_API_KEY or --key-file, never an argument: it would show in the process list), the service's address
// and paths, the service's today, the client.
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { keyToSend } from "../api/apiKey";
import { createClient, type SalesClient } from "../api/client";
import { nodeText } from "./nodeText";
import { todayIso, isIsoDate, type IsoDate } from "../core/dates";
import { SyncError, type ServicePaths } from "../sync";

const KEY_VARIABLE = "SALES_DATA_API_KEY";

export const NO_SYNC_KEY =
  `No API key: set ${KEY_VARIABLE}, or give --key-file with the path of a file that holds the key. ` +
  "The key is never taken as an argument (it would show in the process list).";

/** Why a file the command was given cannot be read, from Node's code for it. */
function unreadable(path: string, code: string | undefined): string {
  if (code === "ENOENT")
    return isAbsolute(path)
      ? "does not exist: check its name and its folder"
      : `does not exist in ${dirname(resolve(path))}: check its name, and the folder the command is run in`;
  if (code === "EISDIR") return "is a folder, not a file";
  if (code === "EACCES" || code === "EPERM") return "cannot be read: this user has no permission to read it";
  return `cannot be read${code ? ` (${code})` : ""}`;
}

/**
 * A file the command was given, read; a SyncError saying why it cannot be (`what`: "The sync file") in words, with
 * the folder it looked in when the path given is relative.
 */
export function readGivenFile(what: string, path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const why = unreadable(path, (error as NodeJS.ErrnoException).code);
    throw new SyncError(`${what} ${path} ${why}. Nothing was synced.`);
  }
}

/** The key as sent, from the key file or the environment; a SyncError naming what is missing (never the key). */
export function apiKeyOf(keyFile: string | undefined, env: NodeJS.ProcessEnv): string {
  if (keyFile !== undefined) {
    const key = keyToSend(readGivenFile("The key file", keyFile));
    if (!key) throw new SyncError(`The key file ${keyFile} is empty. Nothing was synced.`);
    return key;
  }
  const key = keyToSend(env[KEY_VARIABLE] ?? "");
  if (!key) throw new SyncError(NO_SYNC_KEY);
  return key;
}

/**
 * The service's today: SALES_DATA_TODAY when set (a simulator's clock, or a test's), else this machine's UTC
 * date, as the add-in takes it.
 */
export function serviceToday(env: NodeJS.ProcessEnv): IsoDate {
  const set = env.SALES_DATA_TODAY?.trim();
  if (!set) return todayIso();
  if (!isIsoDate(set)) throw new SyncError(`SALES_DATA_TODAY must be a date written YYYY-MM-DD, not "${set}".`);
  return set;
}

export interface ServiceChoice {
  /** --service-url, else the sync file's serviceUrl, else SALES_DATA_URL. */
  url: string | undefined;
  paths: ServicePaths;
}

/** The client for the service, as the add-in builds it (the same retries, validation and answer check). */
export function clientFor(service: ServiceChoice, apiKey: string, today: IsoDate): SalesClient {
  if (!service.url)
    throw new SyncError(
      'No service address: give --service-url, a "serviceUrl" in the sync file, or set SALES_DATA_URL. Nothing was synced.',
    );
  try {
    return createClient({
      baseUrl: service.url,
      apiKey,
      paths: service.paths,
      today: () => today,
      surface: "command",
      text: nodeText,
    });
  } catch (error) {
    throw new SyncError(`${error instanceof Error ? error.message : String(error)} Nothing was synced.`);
  }
}
