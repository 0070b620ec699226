// Daily values and the service's revisions. Every number is a pure function of
// (seed, retailer, SKU, store, day) and, for provisional days only, of the simulator's today.
// Period totals are sums of these daily values, so two queries that cover the same day agree.
import type { Catalog, Retailer, Sku, Store } from "./catalog";
import * as dates from "./dates";
import type { Day } from "./dates";
import * as hash from "./hash";
// Read once: a global read per call is slow where the global object is intercepted (Jest runs tests in vm contexts).
const { PI, cos, exp, floor, max, min, round } = Math;

// Local bindings: the hot loop calls these ~10 times a day-value, and some module loaders
// (tsx's CommonJS output) turn every imported call into a getter lookup.
const hashWith = hash.hashWith,
  keyOf = hash.keyOf,
  tri = hash.tri,
  unit = hash.unit;
const weekStart = dates.weekStart;

/** Days T-1 .. T-PROVISIONAL_DAYS are provisional when served on day T; older days are final. */
export const PROVISIONAL_DAYS = 7;
/** Largest relative difference between a provisional and a final day value (at age 1). */
export const MAX_REVISION = 0.01;

// Mon..Sun sales shape; averages 1.
const WEEKDAY = [0.85, 0.88, 0.92, 1.0, 1.15, 1.35, 0.85];
const YEAR = 365.2425;
const TREND_ORIGIN = 20089; // 2025-01-01: trend and price inflation are 1 here

// Salts keep the hash streams of different quantities independent.
const S_RANGED = 1,
  S_AVAIL = 2,
  S_NOISE = 3,
  S_ROUND = 4,
  S_PROMO = 5,
  S_WASTE = 6,
  S_REV = 7,
  S_SIGN = 8,
  S_OOS = 9,
  S_STOCK = 10,
  S_RANGE_ST = 11,
  S_WROUND = 12;

/** Totals of one SKU-level series over some days; metrics are derived from these. */
export interface SkuAcc {
  days: number;
  units: number;
  revenueCents: number;
  wastage: number;
  rangedDays: number; // store-days ranged
  withStockDays: number;
  sellingDays: number;
}
export function newSkuAcc(): SkuAcc {
  return { days: 0, units: 0, revenueCents: 0, wastage: 0, rangedDays: 0, withStockDays: 0, sellingDays: 0 };
}

/** Totals of one store-level series. `stock` is a closing level: the value of the last day added. */
export interface StoreAcc {
  days: number;
  units: number;
  revenueCents: number;
  wastage: number;
  lostCents: number;
  stock: number;
  lastDay: number;
}
export function newStoreAcc(): StoreAcc {
  return { days: 0, units: 0, revenueCents: 0, wastage: 0, lostCents: 0, stock: 0, lastDay: -Infinity };
}

/** Per (retailer, SKU) traits, drawn once. */
interface Pair {
  key: number;
  ratePerStore: number; // units per store-with-stock per day
  rangeFrac: number;
  availMean: number;
  wasteRate: number;
  growth: number; // yearly trend
  priceCents: number;
  seasonPeak: number;
  seasonAmp: number;
  nStores: number;
}

interface WeekState {
  start: Day;
  level: number; // units per store-with-stock per day, before the day's shape and noise
  priceCents: number;
  ranged: number;
}

export class ValueModel {
  private readonly pairs: Pair[];
  // Scratch state reused by the range loops (single-threaded, not re-entrant).
  private readonly weekState: WeekState = { start: NaN, level: 0, priceCents: 0, ranged: 0 };
  private readonly nSkus: number;

  constructor(private readonly catalog: Catalog) {
    this.nSkus = catalog.skus.length;
    this.pairs = [];
    for (const r of catalog.retailers) {
      for (const s of catalog.skus) {
        const key = keyOf(catalog.seed, 21, r.index, s.index);
        this.pairs.push({
          key,
          ratePerStore: s.baseRate * r.rateScale * (0.7 + 0.6 * unit(hashWith(key, 101))),
          rangeFrac: 0.55 + 0.43 * unit(hashWith(key, 102)),
          availMean: 0.9 + 0.09 * unit(hashWith(key, 103)),
          wasteRate: s.fresh ? 0.02 + 0.06 * unit(hashWith(key, 104)) : 0,
          growth: -0.08 + 0.23 * unit(hashWith(key, 105)),
          priceCents: s.basePriceCents * r.priceIndex,
          seasonPeak: s.seasonPeak,
          seasonAmp: s.seasonAmp,
          nStores: r.stores.length,
        });
      }
    }
  }

  private pair(r: Retailer, s: Sku): Pair {
    return this.pairs[r.index * this.nSkus + s.index];
  }

  /**
   * What changes week to week, computed once per week (the hot loop then does one multiply):
   * promotion, shelf price (3% yearly inflation, -20% on promotion), and the demand level from
   * the yearly cycle (taken mid-week), the trend and the promotion uplift.
   */
  private week(p: Pair, ws: Day, w: WeekState): void {
    const promo = unit(hashWith(hashWith(p.key, ws), S_PROMO)) < 0.1;
    const mid = ws + 3;
    const yearly = 1 + p.seasonAmp * cos((2 * PI * ((mid % YEAR) - p.seasonPeak)) / YEAR);
    const trend = max(0.3, 1 + p.growth * ((mid - TREND_ORIGIN) / YEAR));
    w.start = ws;
    w.level = p.ratePerStore * yearly * trend * (promo ? 1.6 : 1);
    w.priceCents = round(p.priceCents * (1 + 0.03 * ((mid - TREND_ORIGIN) / YEAR)) * (promo ? 0.8 : 1));
    // Ranging moves a little week to week.
    w.ranged = min(
      p.nStores,
      round(p.nStores * p.rangeFrac * (1 + 0.03 * tri(hashWith(hashWith(p.key, ws), S_RANGED)))),
    );
  }

  /** Day-of-week shape and a Christmas peak for everything. */
  private static dayShape(day: Day, ws: Day): number {
    const doy = day % YEAR;
    return WEEKDAY[day - ws] * (doy > 346 && doy < 366 ? 1.25 : 1);
  }

  /**
   * The factor applied to a final value to get the value served on `today`: 1 for final days,
   * otherwise within MAX_REVISION, shrinking with age (converging) and re-drawn each day.
   * Mostly below 1: late data arrives and pushes totals up.
   */
  private revision(key: number, day: Day, today: Day): number {
    const age = today - day;
    if (age > PROVISIONAL_DAYS || age < 1) return 1;
    const h = hashWith(hashWith(hashWith(key, day), age), S_REV);
    const size = 0.25 + 0.75 * unit(h); // never tiny, so a revision shows
    const sign = unit(hashWith(h, S_SIGN)) < 0.8 ? -1 : 1;
    return 1 + sign * size * MAX_REVISION * ((PROVISIONAL_DAYS + 1 - age) / PROVISIONAL_DAYS);
  }

  /** Adds days a..b of SKU-level values at a retailer, as served on `today`. */
  addSkuDays(r: Retailer, s: Sku, a: Day, b: Day, today: Day, acc: SkuAcc): void {
    const p = this.pair(r, s);
    const w = this.weekState;
    w.start = NaN;
    for (let day = a; day <= b; day++) {
      const ws = weekStart(day);
      if (ws !== w.start) this.week(p, ws, w);
      this.skuDay(p, day, today, w, acc);
    }
  }

  /** Adds one day of SKU-level values at a retailer, as served on `today`. */
  addSkuDay(r: Retailer, s: Sku, day: Day, today: Day, acc: SkuAcc): void {
    this.addSkuDays(r, s, day, day, today, acc);
  }

  private skuDay(p: Pair, day: Day, today: Day, w: WeekState, acc: SkuAcc): void {
    const ranged = w.ranged;
    const dk = hashWith(p.key, day);
    const avail = min(1, max(0.5, p.availMean + 0.03 * tri(hashWith(dk, S_AVAIL))));
    const withStock = round(ranged * avail);
    const perStore = w.level * ValueModel.dayShape(day, w.start) * exp(0.2 * tri(hashWith(dk, S_NOISE)));
    const finalUnits = floor(withStock * perStore + unit(hashWith(dk, S_ROUND)));
    // Stores selling: those that sell at least once in a week at this day's rate (a weekly notion,
    // which is why the service never serves it daily).
    const finalSelling = round(withStock * (1 - exp(-7 * perStore)));
    const finalWaste =
      p.wasteRate > 0
        ? floor(finalUnits * p.wasteRate * (0.6 + 0.8 * unit(hashWith(dk, S_WASTE))) + unit(hashWith(dk, S_WROUND)))
        : 0;
    const f = this.revision(p.key, day, today);
    const units = f === 1 ? finalUnits : round(finalUnits * f);
    acc.days += 1;
    acc.units += units;
    acc.revenueCents += units * w.priceCents;
    acc.wastage += f === 1 ? finalWaste : round(finalWaste * f);
    acc.rangedDays += ranged;
    acc.withStockDays += withStock;
    acc.sellingDays += f === 1 ? finalSelling : min(withStock, round(finalSelling * f));
  }

  /** Whether a store carries a SKU (fixed over time). */
  storeRanges(r: Retailer, s: Sku, st: Store): boolean {
    if (!r.ranges[s.index]) return false;
    const p = this.pair(r, s);
    return unit(hashWith(hashWith(p.key, st.index), S_RANGE_ST)) < p.rangeFrac;
  }

  /** Adds days a..b of store-level values (caller checks storeRanges), as served on `today`. */
  addStoreDays(r: Retailer, s: Sku, st: Store, a: Day, b: Day, today: Day, acc: StoreAcc): void {
    const p = this.pair(r, s);
    const sk = hashWith(hashWith(p.key, st.index), 0x5707e);
    const w = this.weekState;
    w.start = NaN;
    for (let day = a; day <= b; day++) {
      const ws = weekStart(day);
      if (ws !== w.start) this.week(p, ws, w);
      this.storeDay(p, sk, st, day, today, w, acc);
    }
  }

  private storeDay(p: Pair, sk: number, st: Store, day: Day, today: Day, w: WeekState, acc: StoreAcc): void {
    const dk = hashWith(sk, day);
    const base = w.level * st.size * ValueModel.dayShape(day, w.start);
    const lambda = base * exp(0.3 * tri(hashWith(dk, S_NOISE)));
    const oos = unit(hashWith(dk, S_OOS)) > p.availMean;
    const price = w.priceCents;
    const f = this.revision(sk, day, today);
    let units = 0,
      waste = 0,
      lost = 0,
      stock = 0;
    if (oos) {
      lost = round(lambda * price * f);
    } else {
      units = round(floor(lambda + unit(hashWith(dk, S_ROUND))) * f);
      if (p.wasteRate > 0) waste = round(floor(lambda * p.wasteRate * 2 + unit(hashWith(dk, S_WASTE))) * f);
      stock = round((1 + floor(base * (2 + 10 * unit(hashWith(dk, S_STOCK))))) * f);
    }
    acc.days += 1;
    acc.units += units;
    acc.revenueCents += units * price;
    acc.wastage += waste;
    acc.lostCents += lost;
    // Closing stock: the last day's level; members of a filter group that end on the same day add up.
    if (day > acc.lastDay) {
      acc.lastDay = day;
      acc.stock = stock;
    } else if (day === acc.lastDay) {
      acc.stock += stock;
    }
  }
}
