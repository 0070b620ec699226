// Days read while still provisional that a refresh can no longer re-read (src/core/refresh/provisional.ts).
import { ISO_DAY_CELLS, type IsoDate } from "../../src/core/dates";
import { EXCEL_DAY_CELLS, excelSerial } from "../../src/excel/excelDays";
import { provisionalLeft, provisionalText } from "../../src/core/refresh/provisional";
import { dayOfSerial } from "../support/excelDays";

const days = (from: IsoDate, n: number) => Array.from({ length: n }, (_, i) => excelSerial(from) + i);

test("a store-level daily table last read on 25 Nov, refreshed on 2 Dec (the window from 18 Nov): none left", () => {
  const stored = days("2026-11-12", 13); // 12 .. 24 Nov
  expect(
    provisionalLeft({ lastRead: "2026-11-25", start: "2026-11-18", storedPeriods: stored, dayCells: EXCEL_DAY_CELLS }),
  ).toBeNull();
});

test("refreshed after a gap (the window from 1 Dec): 18-24 Nov stay as first read", () => {
  const stored = ["", ...days("2026-11-12", 13), ""]; // 12 .. 24 Nov, blank rows ignored
  const left = provisionalLeft({
    lastRead: "2026-11-25",
    start: "2026-12-01",
    storedPeriods: stored,
    dayCells: EXCEL_DAY_CELLS,
  });
  expect(left).toEqual({ from: "2026-11-18", to: "2026-11-24" });
  expect(provisionalText(left!, "2026-12-15")).toBe(
    "18-24 Nov were read while still provisional and can no longer be re-read; they may differ from the retailer's final figures by up to about 1%.",
  );
});

test("only days the table holds, and only those before the window", () => {
  const stored = days("2026-11-12", 10); // 12 .. 21 Nov
  expect(
    provisionalLeft({ lastRead: "2026-11-25", start: "2026-11-20", storedPeriods: stored, dayCells: EXCEL_DAY_CELLS }),
  ).toEqual({
    from: "2026-11-18",
    to: "2026-11-19",
  });
  const one = provisionalLeft({
    lastRead: "2026-11-25",
    start: "2026-11-19",
    storedPeriods: stored,
    dayCells: EXCEL_DAY_CELLS,
  })!;
  expect(provisionalText(one, "2026-12-01")).toMatch(/^18 Nov was read while still provisional .*; it may differ/);
});

test("a database's days, held as their text, are read as Excel's serials are", () => {
  const stored = ["", ...days("2026-11-12", 13).map(dayOfSerial), null]; // 12 .. 24 Nov, blank rows ignored
  expect(
    provisionalLeft({ lastRead: "2026-11-25", start: "2026-12-01", storedPeriods: stored, dayCells: ISO_DAY_CELLS }),
  ).toEqual({
    from: "2026-11-18",
    to: "2026-11-24",
  });
});
