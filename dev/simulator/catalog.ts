// The demo account as the simulator serves it: retailers with different capabilities (retailers.ts, long-names.ts),
// a product catalogue (products.ts) with five user-defined filters, and store lists. Names are fixed (fictional);
// numeric traits come from the seed, so another seed gives other sales but the same products and stores.
import { hashString, hashWith, keyOf, unit } from "./hash";
import { LONG_NAME_PRODUCTS, LONG_NAME_RETAILER_DEF, LONG_NAME_SEASONS } from "./long-names";
import type { MetricsRecord } from "./metrics";
import { BASE_SKU_COUNT, PRODUCTS, SEASON, SEASON_OVERRIDE, type ProductRow } from "./products";
import { LARGEST_RETAILER_STORES, RETAILERS, TOWNS, type RetailerDef } from "./retailers";

export const CLIENT_NAME = "Demo Foods Ltd";
export const FILTER_LABELS = ["Brand", "Category", "Pack size", "Segment", "Promo group"] as const;

export interface Sku {
  index: number;
  code: number;
  name: string;
  brand: string;
  category: string;
  pack: string;
  segment: string;
  promoGroup: string;
  /** filter1..filter5 values, in that order. */
  filters: [string, string, string, string, string];
  fresh: boolean;
  basePriceCents: number;
  /** Units per ranged store per day at an average retailer, before seasonality. */
  baseRate: number;
  seasonPeak: number; // day of year of the yearly peak
  seasonAmp: number;
  /** The one retailer that ranges this SKU (the long-names retailer's own products); unset: any may. */
  onlyAt?: string;
}

export interface Store {
  index: number;
  id: number;
  name: string;
  /** Relative store size (mean about 1). */
  size: number;
}

export interface Retailer {
  index: number;
  id: string;
  stores: Store[];
  metrics: MetricsRecord;
  /** Catalogue indexes of the SKUs this retailer ranges, ascending. */
  skuIndexes: number[];
  ranges: boolean[];
  rateScale: number;
  priceIndex: number;
  /** The long-names demo retailer (its actions name its long products and stores). */
  longNames: boolean;
}

export interface Catalog {
  seed: number;
  retailers: Retailer[];
  skus: Sku[];
  /** Distinct values of filter1..filter5 in catalogue order. */
  filterValues: string[][];
}

/** Each category's season, the long-names retailer's categories too. */
const SEASONS: Record<string, [number, number]> = { ...LONG_NAME_SEASONS, ...SEASON };

/** The SKU at catalogue index `i`; its traits hash from (seed, i) only, so appending SKUs moves none. */
function makeSku(seed: number, i: number, row: ProductRow, name: string): Sku {
  const [brand, product, pack, category, segment, promoGroup, fresh, price] = row;
  const k = keyOf(seed, 11, i);
  const [peak, amp] = SEASON_OVERRIDE[product] ?? SEASONS[category];
  return {
    index: i,
    code: 100001 + i,
    name,
    brand,
    category,
    pack,
    segment,
    promoGroup,
    filters: [brand, category, pack, segment, promoGroup],
    fresh,
    basePriceCents: Math.round(price * (0.95 + 0.1 * unit(hashWith(k, 1)))),
    baseRate: 1 + 9 * unit(hashWith(k, 2)) ** 2,
    seasonPeak: peak + Math.round(10 * (unit(hashWith(k, 3)) - 0.5)),
    seasonAmp: amp * (0.8 + 0.4 * unit(hashWith(k, 4))),
  };
}

function buildSkus(seed: number, count: number): Sku[] {
  const skus: Sku[] = [];
  for (let i = 0; i < count; i++) {
    const base = PRODUCTS[i % PRODUCTS.length];
    const variant = Math.floor(i / PRODUCTS.length);
    // Scaled catalogues (benchmarks) repeat the base products as numbered variants.
    skus.push(makeSku(seed, i, base, variant === 0 ? base[1] : `${base[1]} (variant ${variant + 1})`));
  }
  return skus;
}

/** The long-names retailer's own products, after the others so no existing index or code moves. */
function longNameSkus(seed: number, first: number): Sku[] {
  return LONG_NAME_PRODUCTS.map((row, j) => ({
    ...makeSku(seed, first + j, row, row[1]),
    onlyAt: LONG_NAME_RETAILER_DEF.id,
  }));
}

function buildStores(seed: number, def: RetailerDef, count: number): Store[] {
  const stores: Store[] = [];
  const perRound = TOWNS.length * def.formats.length;
  for (let i = 0; i < count; i++) {
    const town = TOWNS[i % TOWNS.length];
    const format = def.formats[Math.floor(i / TOWNS.length) % def.formats.length];
    const round = Math.floor(i / perRound);
    const name = def.storeNames?.[i] ?? (round === 0 ? `${town} ${format}` : `${town} ${format} ${round + 1}`);
    stores.push({
      index: i,
      id: def.storeIdBase + i,
      name,
      size: 0.5 + 1.1 * unit(keyOf(seed, 12, hashString(def.id), i)),
    });
  }
  return stores;
}

export interface CatalogOptions {
  seed: number;
  skus?: number;
  /** Stores at the largest retailer; the others scale in proportion. */
  stores?: number;
  /** Adds the long-names demo retailer and its products (after the others: nothing else changes). */
  longNames?: boolean;
}

export function buildCatalog(opts: CatalogOptions): Catalog {
  const skus = buildSkus(opts.seed, Math.max(1, Math.floor(opts.skus ?? BASE_SKU_COUNT)));
  if (opts.longNames) skus.push(...longNameSkus(opts.seed, skus.length));
  const scale = opts.stores !== undefined ? Math.max(1, Math.floor(opts.stores)) / LARGEST_RETAILER_STORES : 1;
  const defs = opts.longNames ? [...RETAILERS, LONG_NAME_RETAILER_DEF] : RETAILERS;
  const retailers = defs.map((def, index): Retailer => {
    const ranges = skus.map((s) => (s.onlyAt === undefined ? def.ranges(s) : s.onlyAt === def.id));
    return {
      index,
      id: def.id,
      stores: buildStores(opts.seed, def, Math.max(1, Math.round(def.stores * scale))),
      metrics: { retailer: def.id, ...def.metrics },
      skuIndexes: skus.filter((_, i) => ranges[i]).map((s) => s.index),
      ranges,
      rateScale: def.rateScale,
      priceIndex: def.priceIndex,
      longNames: def === LONG_NAME_RETAILER_DEF,
    };
  });
  const filterValues: string[][] = [[], [], [], [], []];
  for (let f = 0; f < 5; f++) {
    const seen = new Set<string>();
    for (const s of skus)
      if (!seen.has(s.filters[f])) {
        seen.add(s.filters[f]);
        filterValues[f].push(s.filters[f]);
      }
  }
  return { seed: opts.seed, retailers, skus, filterValues };
}

/** `<code> - <name>`: the service's "SKU code joined with product name". */
export function skuProductName(s: Sku): string {
  return `${s.code} - ${s.name}`;
}
export function storeLabel(st: Store): string {
  return `${st.id} - ${st.name}`;
}
