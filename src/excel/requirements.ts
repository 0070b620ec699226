// Requirement sets above the manifest's (ExcelApi 1.13), used behind Office's own check, so the add-in still runs
// where they are missing (docs/architecture.md, Decision 17).

/**
 * Whether a conditional format's areas can be changed (ConditionalFormat.setRanges, ExcelApi 1.17). Outside Office
 * (the in-memory host of the tests and the preview, which models it) it can.
 */
export function canSetRanges(): boolean {
  try {
    if (typeof Office === "undefined") return true;
    return !!Office.context?.requirements?.isSetSupported("ExcelApi", "1.17");
  } catch {
    return false;
  }
}
