// Properties of the value model and the metric-list parser, in process (no HTTP).
import fc from "fast-check";
import { buildCatalog } from "../../dev/simulator/catalog";
import { METRICS } from "../../dev/simulator/metrics";
import { parseDay } from "../../dev/simulator/dates";
import { HttpError } from "../../dev/simulator/errors";
import { parseDataQuery } from "../../dev/simulator/query";
import { newSkuAcc, newStoreAcc, ValueModel, type SkuAcc } from "../../dev/simulator/values";

const catalog = buildCatalog({ seed: 7 });
const model = new ValueModel(catalog);
const T = parseDay("2026-11-23")!;
const FIELDS: (keyof SkuAcc)[] = ["units", "revenueCents", "wastage", "rangedDays", "withStockDays", "sellingDays"];

const retailerSku = fc
  .tuple(fc.nat({ max: catalog.retailers.length - 1 }), fc.nat({ max: catalog.skus.length - 1 }))
  .map(([r, s]) => ({ r: catalog.retailers[r], s: catalog.skus[s] }));

test("a range's totals are the sum of any split of it (values do not depend on the query range)", () => {
  fc.assert(
    fc.property(
      retailerSku,
      fc.integer({ min: T - 1100, max: T - 1 }),
      fc.nat({ max: 40 }),
      fc.nat({ max: 40 }),
      ({ r, s }, a, len, cut) => {
        const b = a + len;
        const m = a + Math.min(cut, len);
        const whole = newSkuAcc(),
          parts = newSkuAcc(),
          daily = newSkuAcc();
        model.addSkuDays(r, s, a, b, T, whole);
        model.addSkuDays(r, s, a, m, T, parts);
        model.addSkuDays(r, s, m + 1, b, T, parts);
        for (let d = a; d <= b; d++) model.addSkuDay(r, s, d, T, daily);
        for (const f of FIELDS) {
          expect(parts[f]).toBe(whole[f]);
          expect(daily[f]).toBe(whole[f]);
        }
      },
    ),
    { numRuns: 200 },
  );
});

test("a provisional day is within 1% (plus rounding) of its final value; a final one never changes", () => {
  fc.assert(
    fc.property(
      retailerSku,
      fc.integer({ min: T - 400, max: T - 1 }),
      fc.integer({ min: 1, max: 7 }),
      ({ r, s }, day, age) => {
        const prov = newSkuAcc(),
          fin = newSkuAcc(),
          later = newSkuAcc();
        model.addSkuDays(r, s, day, day, day + age, prov);
        model.addSkuDays(r, s, day, day, day + 8, fin);
        model.addSkuDays(r, s, day, day, day + 500, later);
        expect(later).toEqual(fin);
        expect(Math.abs(prov.units - fin.units)).toBeLessThanOrEqual(0.01 * fin.units + 0.5);
        expect(
          Number.isInteger(prov.units) && Number.isInteger(prov.sellingDays) && Number.isInteger(prov.wastage),
        ).toBe(true);
        const st = r.stores[day % r.stores.length];
        const sp = newStoreAcc(),
          sf = newStoreAcc();
        model.addStoreDays(r, s, st, day, day, day + age, sp);
        model.addStoreDays(r, s, st, day, day, day + 8, sf);
        expect(Math.abs(sp.units - sf.units)).toBeLessThanOrEqual(0.01 * sf.units + 0.5);
        expect(Number.isInteger(sp.stock)).toBe(true);
      },
    ),
    { numRuns: 300 },
  );
});

test("a metric list joined by anything but a single comma is refused with 400", () => {
  const params = (metric: string) =>
    new URLSearchParams({
      type: "sku",
      retailer: "northmart",
      timeframe: "weekly",
      metric,
      datefrom: "2026-11-16",
      dateto: "2026-11-22",
    });
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.constantFrom(...METRICS.filter((m) => m !== "stock" && m !== "lost_sales")), {
        minLength: 2,
        maxLength: 5,
      }),
      fc.constantFrom(", ", " ,", ";", "|", " ", ",,", "+", "\t", "%2C"),
      (names, sep) => {
        expect(() => parseDataQuery(catalog, params(names.join(sep)), T)).toThrow(HttpError);
        expect(parseDataQuery(catalog, params(names.join(",")), T).metrics).toEqual(names);
      },
    ),
  );
});
