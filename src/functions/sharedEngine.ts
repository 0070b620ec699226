// The shared runtime's one engine, created when the page loads (a test that needs a page just loaded loads
// this module afresh, with jest.isolateModules). The runtime entry (the pane's page) hands over its Session
// once with setFunctionsSession; calls that Excel makes before that wait for it (bounded: #N/A after
// startupWaitMs). A change of connection in the pane (new URL, key saved or forgotten) clears the cache.
import type { ExcelRun } from "../excel/excelRun";
import { recalculateSalesFormulas } from "../excel/recalc";
import type { Session } from "../session";
import { FunctionsEngine, type FunctionsOptions } from "./functionEngine";

let current: Session | null = null;
let unsubscribe: (() => void) | null = null;
let announce: (s: Session) => void = () => undefined;
const handedOver = new Promise<Session>((resolve) => (announce = resolve));

const engine = new FunctionsEngine(() => current ?? handedOver);

/** The engine the SALES functions use. */
export function functionsEngine(): FunctionsEngine {
  return engine;
}

/**
 * Hands the runtime's Session to the SALES functions (call once at start-up; calling again replaces it and
 * clears the cache). Options: `today` (the service's today, for relative dates), `formattedNumbers` (see
 * formattedNumbersSupported), `ttlMs`, `timeoutMs` (match the client's timeout), `maxCells`, batching windows.
 */
export function setFunctionsSession(session: Session, options: FunctionsOptions = {}): FunctionsEngine {
  unsubscribe?.();
  const replaced = current !== null && current !== session;
  current = session;
  engine.configure(options);
  if (replaced) engine.clearCache();
  unsubscribe = session.onChange(() => engine.clearCache());
  announce(session);
  return engine;
}

/** Changes options later (e.g. formattedNumbers once Office is ready). */
export function configureFunctions(options: FunctionsOptions): void {
  engine.configure(options);
}

/**
 * Whether Excel accepts FormattedNumber values from custom functions here (data types: ExcelApi 1.16).
 * Call after Office.onReady; false outside Office.
 */
export function formattedNumbersSupported(): boolean {
  try {
    return typeof Office !== "undefined" && !!Office.context?.requirements?.isSetSupported("ExcelApi", "1.16");
  } catch {
    return false;
  }
}

/** Refresh all's part for formulas: clear the cache, then have Excel recalculate the SALES formulas. */
export async function refreshSalesFunctions(run: ExcelRun): Promise<void> {
  engine.clearCache();
  await recalculateSalesFormulas(run);
}
