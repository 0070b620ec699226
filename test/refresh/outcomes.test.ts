// Refresh's words for a failure (refreshErrorText, on errorText) are the ones refresh gave before errorText
// existed: the former messageOf is kept here as the reference.
import fc from "fast-check";
import { SalesApiError } from "../../src/api/errors";
import { WorkbookError } from "../../src/excel/errors";
import { pivotsFailedWarning, recalcFailedNote, refreshErrorText, summarize } from "../../src/refresh/outcomes";
import { hostError } from "../../dev/workbook-host/errors";

function formerMessageOf(err: unknown): string {
  if (err instanceof SalesApiError || err instanceof WorkbookError) return err.message;
  const e = err as { code?: string; message?: string };
  if (e && typeof e.message === "string") {
    return `Excel could not finish the refresh${e.code ? ` (${e.code})` : ""}: ${e.message} The table holds either its old or its new recent rows; refresh again to complete it.`;
  }
  return String(err);
}

describe("refreshErrorText", () => {
  test.each<[string, unknown]>([
    ["a service error", new SalesApiError("network", "The service could not be reached.")],
    ["a workbook error", new WorkbookError("not-found", 'The table "T" is no longer in this workbook.')],
    ["an Excel error with its code", hostError("GeneralException", "Injected failure.")],
    ["an Excel error with an empty code", Object.assign(new Error("x"), { name: "RichApi.Error", code: "" })],
    ["an Error without a code", new TypeError("boom")],
    ["an object with only a message", { message: "plain" }],
    ["an object with a code and a message", { code: "ItemNotFound", message: "gone" }],
    ["a string", "just text"],
    ["undefined", undefined],
    ["null", null],
    ["a number", 42],
  ])("%s: as before", (_, err) => {
    expect(refreshErrorText(err)).toBe(formerMessageOf(err));
  });

  test("any object with a message, an optional string code and an optional name: as before", () => {
    const failure = fc.record(
      {
        message: fc.string(),
        code: fc.string(),
        name: fc.constantFrom("Error", "RichApi.Error", "TypeError"),
      },
      { requiredKeys: ["message"], noNullPrototype: true },
    );
    fc.assert(
      fc.property(failure, fc.boolean(), (f, asError) => {
        const err = asError ? Object.assign(new Error(f.message), f) : f;
        expect(refreshErrorText(err)).toBe(formerMessageOf(err));
      }),
    );
  });
});

test("the summary line of Refresh all", () => {
  const o = (status: "refreshed" | "unchanged" | "kept" | "failed" | "cancelled") => ({
    tableName: "T",
    sheet: "S",
    status,
    rowsReplaced: 0,
    rowsAdded: 0,
    rowsRemoved: 0,
    rows: 0,
    omittedMetrics: [],
    warnings: [],
    changes: [],
    gaps: [],
    pivotsRefreshed: 0,
  });
  expect(summarize([o("refreshed")]).message).toBe("1 of 1 table refreshed.");
  expect(summarize([{ ...o("refreshed"), pivotsRefreshed: 2 }, o("failed")]).message).toBe(
    "1 of 2 tables refreshed, 1 failed, 2 pivot tables refreshed.",
  );
  expect(summarize([o("refreshed"), o("unchanged"), o("kept"), o("failed"), o("cancelled")], ["Note."]).message).toBe(
    "2 of 5 tables refreshed, 1 kept (the service returned nothing), 1 failed, 1 cancelled. Note.",
  );
  // A table the losses rule held is counted apart, not as an empty answer; its words follow with its warnings.
  const said =
    "The service no longer sends 3 stored rows (18 Nov: 3): nothing at all for that day. The table was left as it was.";
  const text = `${said} Nothing was written; refresh anyway from the pane to accept it.`;
  const losses = { rows: 3, undated: 0, periods: [{ period: "2026-11-18", rows: 3 }], wholePeriods: ["2026-11-18"] };
  const held = { ...o("kept"), losses: { ...losses, held: true, text, said }, warnings: [text] };
  expect(summarize([o("refreshed"), held, o("kept")]).message).toBe(
    `1 of 3 tables refreshed, 1 held (refresh would remove stored rows; nothing written), 1 kept (the service returned nothing). T: ${text}`,
  );
  // A table's notes in one line: a note's full stop is left out before the next one's semicolon.
  const noted = { ...held, warnings: [text, "Still missing from the table: 20 Nov."] };
  expect(summarize([noted]).message).toBe(
    `0 of 1 table refreshed, 1 held (refresh would remove stored rows; nothing written). T: ${text.replace(/\.$/, "")}; Still missing from the table: 20 Nov.`,
  );
  // A table a unit change held is counted apart too; one both rules held is counted once, with the losses.
  const unitSaid =
    "The service's revenue figures in the re-read days are 100 times what the table holds for the same rows (6 of 6 rows), as if the retailer had changed its unit (pence for pounds). The table was left as it was.";
  const unitText = `${unitSaid} Nothing was written; refresh anyway from the pane to accept it.`;
  const changes = [{ metric: "revenue", factor: 100, compared: 6, changed: 6 }];
  const unitChange = { changes, held: true, text: unitText, said: unitSaid };
  const unitHeld = { ...o("kept"), unitChange, warnings: [unitText] };
  expect(summarize([unitHeld, o("kept")]).message).toBe(
    `0 of 2 tables refreshed, 1 held (the service's figures changed unit; nothing written), 1 kept (the service returned nothing). T: ${unitText}`,
  );
  const bothHeld = { ...held, unitChange, warnings: [text, unitText] };
  expect(summarize([bothHeld, unitHeld]).message).toMatch(
    /^0 of 2 tables refreshed, 1 held \(refresh would remove stored rows; nothing written\), 1 held \(the service's figures changed unit; nothing written\)\. /,
  );
});

describe("failures after the data was written (pivots, recalculation): neutral words", () => {
  const refreshWords = /could not finish the refresh|old or its new recent rows/;

  test("Excel's error by its code and message; the table's state is not in doubt", () => {
    const err = hostError("AccessDenied", "The sheet is protected.");
    expect(pivotsFailedWarning(err)).toBe(
      "The pivot tables built on this table were not refreshed (Excel reported AccessDenied: The sheet is protected); refresh them with Data > Refresh All.",
    );
    expect(pivotsFailedWarning(err, 3)).toMatch(/^The pivot tables built on the tables refreshed were not refreshed/);
    expect(recalcFailedNote(err)).toBe(
      "The SALES formulas were not recalculated (Excel reported AccessDenied: The sheet is protected).",
    );
  });

  test("a bug is not told as Excel failing; a worded error as it is worded", () => {
    expect(recalcFailedNote(new TypeError("x is undefined"))).toBe(
      "The SALES formulas were not recalculated (an unexpected error: x is undefined).",
    );
    const worded = new WorkbookError("protected", "The sheet is protected.");
    expect(pivotsFailedWarning(worded)).toContain("(The sheet is protected.)");
    fc.assert(
      fc.property(fc.anything(), (thrown) => {
        expect(pivotsFailedWarning(thrown)).not.toMatch(refreshWords);
        expect(recalcFailedNote(thrown)).not.toMatch(refreshWords);
      }),
    );
  });
});
