// The losses rule (losses.ts compares the window; lossesText.ts words it): whether what a refresh would remove
// holds it. Its own file so that the comparison and its words both take it, and neither imports the other back.
/** Why the losses rule holds a refresh (nothing written, the user asked), or null when it may write. */
export type HoldReason = { tooMany: boolean; whole: boolean };

/**
 * The losses rule: a refresh that would remove more stored rows than it replaces and adds, or would leave a
 * period (per retailer, in a table of several) that held stored rows with none, is held. Null: it may write
 * (what it removes is reported). Tested through heldBy and the held line's words (test/core/losses.property.test.ts).
 */
export function holdReason(c: {
  removed: number;
  replaced: number;
  added: number;
  /** The periods (per retailer) the refresh would leave with none of the rows they held. */
  wholePeriods: readonly string[];
}): HoldReason | null {
  const tooMany = c.removed > c.replaced + c.added;
  const whole = c.wholePeriods.length > 0;
  return tooMany || whole ? { tooMany, whole } : null;
}
