// The words and colour of the pane's notice for a ribbon or on-open Refresh all: where it ran and when (the time
// today, the date before today), the summary, then each table that failed or was cancelled with its reason and
// warnings; success when it went well, a warning when some tables were refreshed, an error when none was.
import { outcomeBase, summarize, type RefreshOutcome } from "../../src/refresh/outcomes";
import { refreshAllReport } from "../../src/session";
import { refreshNoticeContent } from "../../src/taskpane/LastRefreshNotice";

const at = new Date("2026-11-23T12:00:00Z");
const sameDay = new Date("2026-11-23T12:01:00Z"); // the same day in every time zone
const table = (name: string, more: Partial<RefreshOutcome>): RefreshOutcome => ({
  ...outcomeBase({ tableName: name, sheet: "S", rows: 10 }),
  ...more,
});
const refreshed = table("Sales_northmart_SKU_weekly", { status: "refreshed" });
const failed = table("Sales_freshway_SKU_daily", {
  status: "failed",
  error: "The service refused the request (HTTP 400): the feed is being rebuilt.",
  warnings: ["Still missing from the table: 8 Oct to 2 Nov."],
});

test("a ribbon run that went well: success, where and when, the summary, no details", () => {
  const c = refreshNoticeContent(refreshAllReport("ribbon", summarize([refreshed]), at), sameDay);
  expect(c.intent).toBe("success");
  expect(c.title).toMatch(/^Refresh all from the ribbon, \d{1,2}[:.]\d{2}(\s?[AaPp]\.?[Mm]\.?)?:$/);
  expect(c.title).not.toContain("2026"); // today: the time only
  expect(c.message).toBe("1 of 1 table refreshed.");
  expect(c.details).toEqual([]);
});

test("a table failed: a warning naming it with its reason and warnings; none refreshed: an error", () => {
  const some = refreshNoticeContent(refreshAllReport("ribbon", summarize([refreshed, failed]), at), sameDay);
  expect(some.intent).toBe("warning");
  expect(some.message).toMatch(/^1 of 2 tables refreshed, 1 failed\./);
  expect(some.details).toEqual([
    "Sales_freshway_SKU_daily: The service refused the request (HTTP 400): the feed is being rebuilt.",
    "Still missing from the table: 8 Oct to 2 Nov.",
  ]);
  const none = refreshNoticeContent(refreshAllReport("ribbon", summarize([failed]), at), sameDay);
  expect(none.intent).toBe("error");
  const noKey = refreshNoticeContent(refreshAllReport("ribbon", { message: "nothing was refreshed." }, at), sameDay);
  expect(noKey).toMatchObject({ intent: "error", message: "nothing was refreshed.", details: [] });
});

test("on open, from an earlier day: the date is given; a kept table makes a run that went well a warning", () => {
  const kept = table("Sales_x", { status: "kept" });
  const c = refreshNoticeContent(refreshAllReport("open", summarize([refreshed, kept]), at), new Date("2026-11-25"));
  expect(c.title).toMatch(/^Refresh all when the workbook opened, .*2026.*:$/);
  expect(c.intent).toBe("warning");
});
