// The service's days (YYYY-MM-DD) read and written by hand in src/core/dates.ts, checked against the platform's
// own calendar (Date.UTC): every real day from year 1000 to 9999 reads back as itself, a day out of its month or a
// text of another form is refused, the arithmetic built on them agrees with a count of days, and it stays right past
// the conversions dates.ts remembers.
import fc from "fast-check";
import {
  addDays,
  dayNumber,
  dayOfNumber,
  daysBetween,
  isIsoDate,
  ISO_DAY_CELLS,
  periodStart,
} from "../../src/core/dates";
import { EXCEL_DAY_CELLS, excelSerial } from "../../src/excel/excelDays";
import { runs } from "../support/properties";
import { dayOfSerial } from "../support/excelDays";

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A real day as text, from the platform's UTC calendar. */
const realDay = fc
  .integer({ min: Date.UTC(2000, 0, 1) / DAY_MS - 730_000, max: Date.UTC(9999, 11, 31) / DAY_MS })
  .map((n) => iso(n * DAY_MS));

test("every real day reads back as itself, on its own calendar day", () => {
  fc.assert(
    fc.property(realDay, (day) => {
      expect(isIsoDate(day)).toBe(true);
      // Its number counts the platform's days since 1970-01-01, and reads back as the day (a time of day dropped).
      const n = Date.parse(`${day}T00:00:00Z`) / DAY_MS;
      expect(dayNumber(day)).toBe(n);
      expect(dayOfNumber(n)).toBe(day);
      expect(dayOfNumber(n + 0.75)).toBe(day);
      // Its serial counts the same days from Excel's 25569, and reads back as the day.
      expect(excelSerial(day) - 25569).toBe(n);
      // Read back as the day where Excel holds it (serials 1 to 2,958,465, 9999-12-31); elsewhere as no day.
      const serial = excelSerial(day);
      expect(EXCEL_DAY_CELLS.dayOf(serial)).toBe(serial >= 1 && serial <= 2_958_465 ? day : null);
      expect(addDays(day, 0)).toBe(day);
    }),
    runs(20_000, 2000),
  );
});

test("a day out of its month, or text of another form, is refused", () => {
  for (const bad of ["2026-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00"])
    expect([bad, isIsoDate(bad)]).toEqual([bad, false]);
  for (const bad of ["26-11-16", "2026-11-1", "2026-1-01", "16/11/2026", "2026-11-16T00:00:00Z", " 2026-11-16", ""])
    expect([bad, isIsoDate(bad)]).toEqual([bad, false]);
  for (const bad of ["2026-02-30", "2026-11-1"]) {
    expect(() => dayNumber(bad)).toThrow(/is not a date in the form/);
    expect(() => excelSerial(bad)).toThrow(/is not a date in the form/);
  }
  expect(isIsoDate("2028-02-29")).toBe(true); // a leap year
  expect(isIsoDate("2100-02-29")).toBe(false); // a century that is not
  expect(isIsoDate("2000-02-29")).toBe(true); // one that is
});

test("adding days agrees with the platform's calendar, and daysBetween undoes it", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: Date.UTC(1990, 0, 1) / DAY_MS, max: Date.UTC(2060, 0, 1) / DAY_MS }),
      fc.integer({ min: -800, max: 800 }),
      (n, k) => {
        const day = iso(n * DAY_MS);
        expect(addDays(day, k)).toBe(iso((n + k) * DAY_MS));
        expect(daysBetween(day, addDays(day, k))).toBe(k);
        // A week starts on its Monday (1970-01-05 was one) and holds the day.
        const monday = periodStart(day, "weekly");
        expect((Date.parse(monday) / DAY_MS - 4) % 7).toBe(0);
        expect(daysBetween(monday, day)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(monday, day)).toBeLessThan(7);
      },
    ),
    runs(20_000, 2000),
  );
});

test("days and serials stay right past the 10,000 conversions dates.ts remembers, and after it forgets them", () => {
  const start = Date.UTC(1990, 0, 1) / DAY_MS;
  // Excel's serial of 1990-01-01 is 32874; each later day one more.
  for (const pass of [1, 2])
    for (let k = 0; k < 12_000; k += 1) {
      const day = iso((start + k) * DAY_MS);
      const serial = excelSerial(day);
      if (
        serial !== 32874 + k ||
        dayNumber(day) !== start + k ||
        dayOfNumber(start + k) !== day ||
        dayOfSerial(serial) !== day ||
        addDays(day, 1) !== iso((start + k + 1) * DAY_MS)
      )
        throw new Error(`pass ${pass}: ${day} gave serial ${serial}, back ${dayOfSerial(serial)}`);
    }
  expect(daysBetween("1990-01-01", iso((start + 11_999) * DAY_MS))).toBe(11_999);
});

test("a store's day cells: each day's cell reads back as the day; a cell that is not the store's day reads as none", () => {
  fc.assert(
    fc.property(realDay, (day) => {
      expect(ISO_DAY_CELLS.cellOf(day)).toBe(day);
      expect(ISO_DAY_CELLS.dayOf(ISO_DAY_CELLS.cellOf(day))).toBe(day);
      // Excel's dates run from 1900-01-01 (serial 1) to 9999-12-31.
      if (day >= "1900-03-01") {
        expect(EXCEL_DAY_CELLS.cellOf(day)).toBe(excelSerial(day));
        expect(EXCEL_DAY_CELLS.dayOf(EXCEL_DAY_CELLS.cellOf(day))).toBe(day);
      }
      expect(EXCEL_DAY_CELLS.dayOf(day)).toBeNull(); // a day typed as text in Excel
      expect(ISO_DAY_CELLS.dayOf(excelSerial(day))).toBeNull();
    }),
    runs(2000, 200),
  );
  for (const cell of ["", null, undefined, "Total", "16/11/2026", "2026-02-30", true])
    expect([cell, ISO_DAY_CELLS.dayOf(cell), EXCEL_DAY_CELLS.dayOf(cell)]).toEqual([cell, null, null]);
  for (const cell of [0, -1, 2_958_466, NaN, Infinity])
    expect([cell, EXCEL_DAY_CELLS.dayOf(cell)]).toEqual([cell, null]);
  expect(EXCEL_DAY_CELLS.dayOf(2_958_465)).toBe("9999-12-31");
  expect(EXCEL_DAY_CELLS.dayOf(46027.5)).toBe("2026-01-05");
});
