// The very hidden sheets a big replacement stages its rows on (replaceTail). Several people can refresh one
// workbook at once (co-authoring in Excel on the web), so each staging sheet is named for the session that made
// it and when: a replacement deletes its own, and another's only once it is older than any run takes (a
// leftover of a replacement that failed midway), never one a co-author is still filling.
/** Every staging sheet's name starts with this; versions before co-authoring support used exactly this name. */
const STAGING_SHEET = "SalesData_staging";

/** Older than this, a staging sheet is a leftover whoever made it: a run takes minutes; clocks may be a little off. */
const STAGING_MAX_AGE_MS = 60 * 60 * 1000;

const SESSION = /^[0-9a-z]{5}$/;
/** Seconds since 1970 in base 36, 7 digits (until the year 4400): the name's time. */
const TIME_DIGITS = 7;
const STAGING_NAME = new RegExp(`^${STAGING_SHEET}_([0-9a-z]{5})_([0-9a-z]{${TIME_DIGITS}})$`);

/** A new session id: 5 base-36 characters, random (60 million ids: two people never share one). */
function newSessionId(): string {
  const n = globalThis.crypto.getRandomValues(new Uint32Array(1))[0] % 36 ** 5;
  return n.toString(36).padStart(5, "0");
}

/** This add-in instance's session id (one per runtime); RefreshDeps.sessionId overrides it (tests: two sessions). */
export const RUNTIME_SESSION = newSessionId();

/**
 * "SalesData_staging_<session>_<time>": 17 + 1 + 5 + 1 + 7 = 31 characters, Excel's longest sheet name. The time
 * (when staging started) tells its age to any session that finds it. With parseStagingName and leftoverStaging, the
 * naming rule every session and version shares: test/excel/coauthor.test.ts writes it out and checks what a
 * replacement stages and deletes.
 */
function stagingSheetName(session: string, nowMs: number): string {
  if (!SESSION.test(session)) throw new RangeError(`A session id is 5 characters 0-9 a-z (got "${session}").`);
  const time = Math.floor(nowMs / 1000)
    .toString(36)
    .padStart(TIME_DIGITS, "0");
  return `${STAGING_SHEET}_${session}_${time}`;
}

/** The session and time (ms) a staging sheet's name holds; null for a name that is not a staging sheet's. */
function parseStagingName(name: string): { session: string; timeMs: number } | null {
  const m = STAGING_NAME.exec(name);
  return m ? { session: m[1], timeMs: parseInt(m[2], 36) * 1000 } : null;
}

/**
 * The staging sheets to delete before a replacement of `session` stages anything: its own (a session runs one
 * replacement at a time, so they are leftovers), the one name versions before co-authoring support used (such a
 * version deletes it itself at its next refresh), and any older than STAGING_MAX_AGE_MS. A co-author's recent
 * one, or one from a clock ahead of this one, is left alone.
 */
function leftoverStaging(sheetNames: readonly string[], session: string, nowMs: number): string[] {
  return sheetNames.filter((name) => {
    if (name === STAGING_SHEET) return true;
    const s = parseStagingName(name);
    return !!s && (s.session === session || nowMs - s.timeMs > STAGING_MAX_AGE_MS);
  });
}

/**
 * Deletes the leftover staging sheets (leftoverStaging) among `sheets` (loaded with items/name by an earlier
 * sync), in a sync of its own: another session may delete the same leftover first, and its ItemNotFound must not
 * fail a sync that carries anything else. Nothing when there are none (the usual case: no extra sync).
 */
export async function deleteLeftovers(
  context: Excel.RequestContext,
  sheets: Excel.WorksheetCollection,
  session: string,
): Promise<void> {
  const names = leftoverStaging(
    sheets.items.map((s) => s.name),
    session,
    Date.now(),
  );
  if (names.length === 0) return;
  for (const name of names) context.workbook.worksheets.getItem(name).delete();
  try {
    await context.sync();
  } catch {
    // One was deleted by a co-author meanwhile: the batch stopped there; what is left goes with a later refresh.
  }
}

/** A new very hidden staging sheet of `session` (queued: added by the caller's next sync). */
export function addStagingSheet(context: Excel.RequestContext, session: string): Excel.Worksheet {
  const staging = context.workbook.worksheets.add(stagingSheetName(session, Date.now()));
  staging.visibility = "VeryHidden" as Excel.SheetVisibility;
  return staging;
}
