// The omitted metrics in the metrics list's names: matched whatever the header's case and spacing, unknown
// names kept as the service wrote them.
import fc from "fast-check";
import { omittedMetricNames } from "../../src/core/omittedMetrics";
import { METRICS } from "../../src/core/metrics";

test("names are matched to the metrics asked for, case and spaces aside", () => {
  expect(omittedMetricNames(" Availability ,UNITS", ["revenue", "units", "availability"])).toEqual([
    "availability",
    "units",
  ]);
});

test("a metric not asked for but in the service's vocabulary gets its listed name", () => {
  expect(omittedMetricNames("Stock", ["revenue"])).toEqual(["stock"]);
});

test("an unknown name is kept as given (trimmed), markup and all: it is shown as text", () => {
  expect(omittedMetricNames("revenue, <b>Mystery Metric</b> ", ["revenue"])).toEqual([
    "revenue",
    "<b>Mystery Metric</b>",
  ]);
});

test("no header, an empty one, or only commas: nothing omitted", () => {
  expect(omittedMetricNames(null, ["revenue"])).toEqual([]);
  expect(omittedMetricNames("", ["revenue"])).toEqual([]);
  expect(omittedMetricNames(" , ,", ["revenue"])).toEqual([]);
});

test("each name once, in the header's order", () => {
  expect(omittedMetricNames("units,Units, UNITS,revenue", ["revenue", "units"])).toEqual(["units", "revenue"]);
});

test("property: any casing and spacing of asked names maps back to the asked names", () => {
  const metric = fc.constantFrom(...METRICS);
  fc.assert(
    fc.property(
      fc.uniqueArray(metric, { minLength: 1 }),
      fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      (asked, upper) => {
        const header = asked.map((m, i) => ` ${upper[i] ? m.toUpperCase() : m} `).join(",");
        expect(omittedMetricNames(header, asked)).toEqual(asked);
      },
    ),
  );
});
