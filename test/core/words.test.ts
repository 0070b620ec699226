// Words for people (src/core/words.ts): the pane's one date style, from the user's locale (every date the pane shows
// or is typed into it), the SALES functions' day ("28 Nov 2026"); and the plain names of the metrics
// (src/core/query/metrics.ts metricLabel), one table for the pane's dropdown, its cards and the functions' help; and the
// word a misspelt one was probably meant to be (nearestWord).
import fc from "fast-check";
import { addDays } from "../../src/core/dates";
import { METRICS, metricLabel } from "../../src/core/query/metrics";
import { dateStyle, dayIn, dayWords, metricIn, metricsIn, nearestWord, rangeIn } from "../../src/core/words";
import { paneDayWords } from "../../src/taskpane/paneWords";
import { runs } from "../support/properties";

describe("dateStyle: the user's locale, in numbers", () => {
  test("each locale's order and separators, for days, ranges and what a date input asks for", () => {
    const cases: [string, string, string][] = [
      ["en-US", "08/24/2026", "mm/dd/yyyy"],
      ["en-GB", "24/08/2026", "dd/mm/yyyy"],
      ["de-DE", "24.08.2026", "dd.mm.yyyy"],
      ["ja-JP", "2026/08/24", "yyyy/mm/dd"],
    ];
    for (const [locale, day, pattern] of cases) {
      const style = dateStyle(locale);
      expect([locale, style.day("2026-08-24"), style.pattern]).toEqual([locale, day, pattern]);
    }
    const gb = dateStyle("en-GB");
    expect(gb.range({ from: "2026-08-24", to: "2026-11-22" })).toBe("24/08/2026 to 22/11/2026");
    expect(gb.range({ from: "2026-11-22", to: "2026-11-22" })).toBe("22/11/2026");
  });

  test("typed days: the locale's numbers with any separators, or YYYY-MM-DD; anything else is no day", () => {
    const gb = dateStyle("en-GB");
    const us = dateStyle("en-US");
    expect(gb.parse("24/8/2026")).toBe("2026-08-24");
    expect(gb.parse(" 24-08-2026 ")).toBe("2026-08-24");
    expect(gb.parse("24 / 08 / 2026")).toBe("2026-08-24");
    expect(us.parse("8/24/2026")).toBe("2026-08-24");
    expect(us.parse("2026-08-24")).toBe("2026-08-24");
    expect(gb.parse("2026-08-24")).toBe("2026-08-24");
    expect(dateStyle("ja-JP").parse("2026/8/24")).toBe("2026-08-24");
    for (const bad of ["24/13/2026", "31/02/2026", "24/08/26", "24 Aug 2026", "24/08", "", "2026-08-24x", "1/2/3/2026"])
      expect([bad, gb.parse(bad)]).toEqual([bad, null]);
    // The same figures read by each locale's order: 08/24 is no day in en-GB.
    expect(gb.parse("08/24/2026")).toBeNull();
  });

  // The service's days are UTC days, formatted in UTC: test/browser/newcomer.test.ts runs the pane in time zones far
  // from UTC (Jest's process cannot change its own), where a day formatted in local time would shift by one.
  test("a day written and read back is the same day, in any locale", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -40000, max: 40000 }),
        fc.constantFrom("en-US", "en-GB", "de-DE", "fr-FR", "ja-JP", "nl-NL", "ko-KR"),
        (n, locale) => {
          const day = addDays("2026-08-24", n);
          const style = dateStyle(locale);
          expect(style.parse(style.day(day))).toBe(day);
        },
      ),
      runs(1000, 200),
    );
  });

  test("a moment in the reader's time zone, with the day in the same style; the time alone on the same day", () => {
    const gb = dateStyle("en-GB");
    const at = new Date(2026, 10, 28, 10, 7, 57);
    expect(gb.moment(at)).toBe("28/11/2026, 10:07");
    expect(dateStyle("en-US").moment(at)).toBe("11/28/2026, 10:07 AM");
    expect(gb.momentNear(at, new Date(2026, 10, 28, 18, 0))).toBe("10:07");
    expect(gb.momentNear(at, new Date(2026, 10, 29, 9, 0))).toBe("28/11/2026, 10:07");
  });

  test("a locale tag Intl refuses falls back to the runtime's own", () => {
    expect(() => dateStyle("not a locale!").day("2026-08-24")).not.toThrow();
    expect(dateStyle(undefined).locale).toBe(new Intl.DateTimeFormat().resolvedOptions().locale);
  });
});

test("dayWords: the SALES functions' one style of a day, with its year", () => {
  expect(dayWords("2026-11-28")).toBe("28 Nov 2026");
  expect(dayWords("2027-01-05")).toBe("5 Jan 2027");
});

describe("a surface's words in a message: the pane's, or the service's own where none is given", () => {
  const GB = paneDayWords(dateStyle("en-GB"));

  test("days: the pane's style; without words, as the service writes them (the command's messages)", () => {
    expect(rangeIn(GB, { from: "2026-10-01", to: "2026-11-23" })).toBe("01/10/2026 to 23/11/2026");
    expect(dayIn(GB, "2026-11-16")).toBe("16/11/2026");
    expect(rangeIn(undefined, { from: "2026-10-01", to: "2026-11-23" })).toBe("2026-10-01 to 2026-11-23");
    expect(dayIn(undefined, "2026-11-16")).toBe("2026-11-16");
  });

  test("metrics: the names the pane's metric dropdown shows; any other name, and every name without words, as it is", () => {
    expect(metricIn(GB, "unit_ros")).toBe("Unit rate of sale (unit_ros)");
    expect(metricsIn(GB, ["revenue", "average_price", "promo_flag"])).toBe(
      "Revenue, Average price (average_price), promo_flag",
    );
    expect(metricIn(undefined, "unit_ros")).toBe("unit_ros");
    expect(metricIn("2026-11-23", "unit_ros")).toBe("unit_ros");
    expect(metricsIn(undefined, ["revenue", "average_price"])).toBe("revenue, average_price");
  });
});

describe("metricLabel: plain names with the service's name beside them", () => {
  test("the names people read", () => {
    expect(metricLabel("unit_ros")).toBe("Unit rate of sale (unit_ros)");
    expect(metricLabel("value_ros")).toBe("Value rate of sale (value_ros)");
    expect(metricLabel("ranged_stores")).toBe("Ranged stores (ranged_stores)");
    expect(metricLabel("stores_with_stock")).toBe("Stores with stock (stores_with_stock)");
    expect(metricLabel("average_price")).toBe("Average price (average_price)");
    // Where the plain name is the service's own but for its capital, it stands alone.
    expect(metricLabel("revenue")).toBe("Revenue");
    expect(metricLabel("units")).toBe("Units");
  });

  test("every metric has one, naming the service's name; a name the add-in does not know is shown as it is", () => {
    for (const m of METRICS) {
      const label = metricLabel(m);
      const plain = label.split(" (")[0];
      expect(label === `${plain} (${m})` || label.toLowerCase() === m).toBe(true);
      expect(plain).toMatch(/^[A-Z][a-z ]+$/); // words, not the service's code
    }
    expect(metricLabel("footfall")).toBe("footfall");
    expect(metricLabel("Revenue")).toBe("Revenue");
  });
});

describe("nearestWord: the word a misspelt one was probably meant to be", () => {
  const FIELDS = ["table", "rolling", "query"];

  test("a letter dropped, added, changed or two swapped is near; any case", () => {
    for (const [typed, meant] of [
      ["rollng", "rolling"],
      ["quer", "query"],
      ["tablee", "table"],
      ["qeury", "query"],
      ["Rolling", "rolling"],
    ])
      expect([typed, nearestWord(typed, FIELDS)]).toEqual([typed, { word: meant, close: true }]);
  });

  test("one edit per three letters at most, never more than three: further is the nearest, but not meant", () => {
    expect(nearestWord("rolng", FIELDS)).toEqual({ word: "rolling", close: false });
    expect(nearestWord("x", FIELDS).close).toBe(false);
    expect(nearestWord("date_from", ["from", "to"])).toEqual({ word: "from", close: false });
    expect(nearestWord("comparisn", ["comparison", "filter"])).toEqual({ word: "comparison", close: true });
  });
});
