import fc from "fast-check";
import { planChunks } from "../../src/core/query/chunks";
import { addDays, daysBetween, periodStart } from "../../src/core/dates";

describe("planChunks", () => {
  test("chunks cover the range exactly, in order, and every later chunk starts on a period start", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 0, max: 1200 }),
        fc.constantFrom("sku", "store" as const),
        fc.constantFrom("daily", "weekly", "monthly" as const),
        fc.integer({ min: 1, max: 30 }),
        (offset, length, level, timeframe, per) => {
          const from = addDays("2023-01-01", offset);
          const to = addDays(from, length);
          const chunks = planChunks({ from, to, level: level as "sku", timeframe: timeframe as "daily" }, per);
          expect(chunks[0].from).toBe(from);
          expect(chunks[chunks.length - 1].to).toBe(to);
          for (let i = 0; i < chunks.length; i++) {
            expect(daysBetween(chunks[i].from, chunks[i].to)).toBeGreaterThanOrEqual(0);
            if (i > 0) {
              expect(chunks[i].from).toBe(addDays(chunks[i - 1].to, 1));
              expect(periodStart(chunks[i].from, timeframe as "daily")).toBe(chunks[i].from);
            }
          }
        },
      ),
    );
  });

  test("ordinary SKU ranges are one request; a year of weekly store data is several", () => {
    expect(planChunks({ from: "2025-01-06", to: "2026-11-22", level: "sku", timeframe: "weekly" })).toHaveLength(1);
    expect(
      planChunks({ from: "2025-11-24", to: "2026-11-22", level: "store", timeframe: "weekly" }).length,
    ).toBeGreaterThan(5);
  });
});
