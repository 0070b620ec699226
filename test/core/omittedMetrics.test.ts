// The omitted metrics in the metrics list's names: matched whatever the header's case and separators (commas,
// semicolons, whitespace, in any mix), unknown names kept as the service wrote them.
import fc from "fast-check";
import { omittedMetricNames } from "../../src/core/answer/omittedMetrics";
import { METRICS } from "../../src/core/query/metrics";

test("names are matched to the metrics asked for, case and spaces aside", () => {
  expect(omittedMetricNames(" Availability ,UNITS", ["revenue", "units", "availability"])).toEqual([
    "availability",
    "units",
  ]);
});

test("a metric not asked for but in the service's vocabulary gets its listed name", () => {
  expect(omittedMetricNames("Stock", ["revenue"])).toEqual(["stock"]);
});

test("an unknown name is kept as given, markup and all: it is shown as text", () => {
  expect(omittedMetricNames("revenue, <b>Mystery</b> ", ["revenue"])).toEqual(["revenue", "<b>Mystery</b>"]);
});

test("names separated by commas, semicolons or whitespace, in any mix, are each a name", () => {
  const asked = ["revenue", "wastage", "availability"];
  for (const header of [
    "wastage availability",
    "wastage;availability",
    "wastage, availability",
    "wastage ;availability",
    "wastage\tavailability",
    " ;wastage,,  availability; ",
    "WASTAGE;  Availability",
  ])
    expect(omittedMetricNames(header, asked)).toEqual(["wastage", "availability"]);
  expect(omittedMetricNames("wastage;foo availability", asked)).toEqual(["wastage", "foo", "availability"]);
});

// The old form: before 09bb52a moved the parser from src/api/client.ts into this module, the client split the
// header on whitespace and commas (`.split(/[\s,]+/)`), so a space-separated header worked; the move split on
// commas only and "wastage availability" became one junk name. This is that form, kept working.
test("the old form, as the client parsed it before the move: space-separated names", () => {
  expect(omittedMetricNames("wastage availability", ["revenue", "wastage", "availability"])).toEqual([
    "wastage",
    "availability",
  ]);
  expect(omittedMetricNames("stock  lost_sales", ["revenue"])).toEqual(["stock", "lost_sales"]);
});

test("no header, an empty one, or only separators: nothing omitted", () => {
  expect(omittedMetricNames(null, ["revenue"])).toEqual([]);
  expect(omittedMetricNames("", ["revenue"])).toEqual([]);
  expect(omittedMetricNames(" , ,", ["revenue"])).toEqual([]);
  expect(omittedMetricNames(" ; ;\t", ["revenue"])).toEqual([]);
});

test("each name once, in the header's order", () => {
  expect(omittedMetricNames("units,Units, UNITS,revenue", ["revenue", "units"])).toEqual(["units", "revenue"]);
});

test("property: any casing of asked names, joined by any mix of separators, maps back to the asked names", () => {
  const metric = fc.constantFrom(...METRICS);
  const separator = fc.stringMatching(/^[ ,;\t]{1,4}$/);
  fc.assert(
    fc.property(
      fc.uniqueArray(metric, { minLength: 1 }),
      fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      fc.array(separator, { minLength: 12, maxLength: 12 }),
      (asked, upper, seps) => {
        const header = asked.map((m, i) => `${i > 0 ? seps[i] : ""}${upper[i] ? m.toUpperCase() : m}`).join("");
        expect(omittedMetricNames(header, asked)).toEqual(asked);
      },
    ),
  );
});
