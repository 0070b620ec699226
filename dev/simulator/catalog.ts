// The demo account: retailers with different capabilities, a product catalogue with five
// user-defined filters, and store lists. Names are fixed (fictional); numeric traits come
// from the seed, so another seed gives other sales but the same products and stores.
import { hashString, hashWith, keyOf, unit } from "./hash";
import { LONG_NAME_PRODUCTS, LONG_NAME_RETAILER_DEF, LONG_NAME_SEASONS } from "./long-names";

export { LONG_NAME_RETAILER } from "./long-names";

export const METRICS = [
  "revenue",
  "units",
  "average_price",
  "availability",
  "wastage",
  "stock",
  "lost_sales",
  "unit_ros",
  "value_ros",
  "ranged_stores",
  "stores_selling",
  "stores_with_stock",
] as const;
export type Metric = (typeof METRICS)[number];

export const SKU_LEVEL_METRICS: readonly Metric[] = [
  "revenue",
  "units",
  "average_price",
  "availability",
  "wastage",
  "unit_ros",
  "value_ros",
  "ranged_stores",
  "stores_selling",
  "stores_with_stock",
];
export const STORE_LEVEL_METRICS: readonly Metric[] = [
  "revenue",
  "units",
  "average_price",
  "stock",
  "wastage",
  "lost_sales",
];
/** Spec, Limits 1: never served at timeframe=daily, for any retailer. */
export const NEVER_DAILY: readonly Metric[] = [
  "unit_ros",
  "value_ros",
  "ranged_stores",
  "stores_selling",
  "stores_with_stock",
];

export function isMetric(name: string): name is Metric {
  return (METRICS as readonly string[]).includes(name);
}

export interface MetricsRecord {
  retailer: string;
  sku_metrics: Metric[] | null;
  store_metrics: Metric[] | null;
  sku_metrics_daily: Metric[] | null;
  store_metrics_daily: Metric[] | null;
}

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

// brand, product, pack bucket, category, segment, promo group, fresh, price (cents)
export type ProductRow = [string, string, string, string, string, string, boolean, number];
const P = "Premium",
  M = "Mainstream",
  V = "Value";
const DRINKS = "Juice & Drinks",
  DAIRY = "Dairy",
  BAKERY = "Bakery",
  SNACKS = "Snacks",
  FROZEN = "Frozen";
const SOUPS = "Soups & Ready Meals",
  HOUSE = "Household",
  CARE = "Personal Care";
const SUMMER = "Summer Drinks",
  BREAKFAST = "Breakfast Deals",
  WINTER = "Winter Warmers",
  EDLP = "Everyday Low Price",
  NOPROMO = "No Promo";
const PRODUCTS: ProductRow[] = [
  ["Sunvale", "Sunvale Orange Juice 1L", "Single", DRINKS, M, SUMMER, true, 215],
  ["Sunvale", "Sunvale Apple Juice 1L", "Single", DRINKS, M, SUMMER, true, 199],
  ["Sunvale", "Sunvale Tropical Juice 1.5L", "Large", DRINKS, M, SUMMER, true, 289],
  // Real brands start with "+" too: the add-in must land such names as text, never as formulas.
  ["+Vita", "+Vita Orange & Mango Smoothie 250ml", "Single", DRINKS, P, SUMMER, true, 175],
  ["+Vita", "+Vita Green Boost Smoothie 250ml", "Single", DRINKS, P, SUMMER, true, 185],
  ["+Vita", "+Vita Vitamin Water Lemon 500ml", "Single", DRINKS, P, SUMMER, false, 129],
  ["Brightfield", "Brightfield Sparkling Water 6x500ml", "Multipack", DRINKS, V, EDLP, false, 250],
  ["Brightfield", "Brightfield Still Water 6x1.5L", "Large", DRINKS, V, EDLP, false, 300],
  ["Meadowmere", "Meadowmere Whole Milk 2L", "Large", DAIRY, M, BREAKFAST, true, 165],
  ["Meadowmere", "Meadowmere Semi Skimmed Milk 2L", "Large", DAIRY, M, BREAKFAST, true, 159],
  ["Meadowmere", "Meadowmere Greek Style Yogurt 500g", "Single", DAIRY, P, BREAKFAST, true, 210],
  ["Meadowmere", "Meadowmere Strawberry Yogurt 4x125g", "Multipack", DAIRY, M, BREAKFAST, true, 180],
  ["Oakridge", "Oakridge Mature Cheddar 400g", "Single", DAIRY, M, NOPROMO, true, 375],
  ["Oakridge", "Oakridge Salted Butter 250g", "Single", DAIRY, M, NOPROMO, true, 235],
  ["+Vita", "+Vita Protein Yogurt 200g", "Single", DAIRY, P, NOPROMO, true, 145],
  ["Meadowmere", "Meadowmere Oat Drink 1L", "Single", DAIRY, M, BREAKFAST, false, 175],
  ["Oakridge", "Oakridge White Sliced Loaf 800g", "Single", BAKERY, V, BREAKFAST, true, 115],
  ["Oakridge", "Oakridge Wholemeal Loaf 800g", "Single", BAKERY, M, BREAKFAST, true, 125],
  ["Oakridge", "Oakridge Seeded Bloomer 600g", "Single", BAKERY, P, BREAKFAST, true, 195],
  ["Harbour Kitchen", "Harbour Kitchen All Butter Croissants 4 pack", "Multipack", BAKERY, P, BREAKFAST, true, 225],
  ["Harbour Kitchen", "Harbour Kitchen Hot Cross Buns 4 pack", "Multipack", BAKERY, M, NOPROMO, true, 130],
  ["Oakridge", "Oakridge Crumpets 6 pack", "Multipack", BAKERY, V, WINTER, true, 95],
  ["Brightfield", "Brightfield Sea Salt Crisps 150g", "Single", SNACKS, M, EDLP, false, 180],
  ["Brightfield", "Brightfield Cheese & Onion Crisps 6x25g", "Multipack", SNACKS, V, EDLP, false, 160],
  ["Harbour Kitchen", "Harbour Kitchen Salted Popcorn 100g", "Single", SNACKS, M, NOPROMO, false, 150],
  ["+Vita", "+Vita Peanut Protein Bar 60g", "Single", SNACKS, P, NOPROMO, false, 199],
  ["+Vita", "+Vita Honey Oat Bars 5x35g", "Multipack", SNACKS, M, BREAKFAST, false, 225],
  ["Harbour Kitchen", "Harbour Kitchen Mixed Nuts 200g", "Single", SNACKS, P, NOPROMO, false, 325],
  ["Harbour Kitchen", "Harbour Kitchen Margherita Pizza 400g", "Single", FROZEN, M, EDLP, false, 275],
  ["Harbour Kitchen", "Harbour Kitchen Fish Fingers 10 pack", "Multipack", FROZEN, M, EDLP, false, 250],
  ["Polar Point", "Polar Point Vanilla Ice Cream 1L", "Large", FROZEN, M, SUMMER, false, 300],
  ["Polar Point", "Polar Point Strawberry Ice Lollies 6 pack", "Multipack", FROZEN, V, SUMMER, false, 199],
  ["Polar Point", "Polar Point Garden Peas 900g", "Large", FROZEN, V, EDLP, false, 150],
  ["Polar Point", "Polar Point Crinkle Oven Chips 1.5kg", "Large", FROZEN, V, EDLP, false, 225],
  ["Harbour Kitchen", "Harbour Kitchen Tomato Soup 400g", "Single", SOUPS, M, WINTER, false, 110],
  ["Harbour Kitchen", "Harbour Kitchen Chicken Soup 400g", "Single", SOUPS, M, WINTER, false, 120],
  ["Harbour Kitchen", "Harbour Kitchen Beef Lasagne 400g", "Single", SOUPS, M, WINTER, true, 350],
  ["Harbour Kitchen", "Harbour Kitchen Chicken Tikka Masala 350g", "Single", SOUPS, P, WINTER, true, 375],
  ["Cleanly", "Cleanly Washing Up Liquid 500ml", "Single", HOUSE, V, EDLP, false, 125],
  ["Cleanly", "Cleanly Bio Laundry Pods 30 pack", "Large", HOUSE, M, EDLP, false, 650],
  ["Cleanly", "Cleanly Kitchen Roll 4 pack", "Multipack", HOUSE, V, EDLP, false, 350],
  ["Cleanly", "Cleanly Tie Top Bin Bags 20 pack", "Multipack", HOUSE, V, NOPROMO, false, 199],
  ["Cleanly", "Cleanly Antibacterial Surface Spray 750ml", "Single", HOUSE, M, NOPROMO, false, 225],
  ["Softleaf", "Softleaf Argan Shampoo 400ml", "Single", CARE, P, NOPROMO, false, 399],
  ["Softleaf", "Softleaf Argan Conditioner 400ml", "Single", CARE, P, NOPROMO, false, 399],
  ["Softleaf", "Softleaf Citrus Shower Gel 250ml", "Single", CARE, M, EDLP, false, 175],
  ["Softleaf", "Softleaf Whitening Toothpaste 75ml", "Single", CARE, M, EDLP, false, 150],
  ["Softleaf", "Softleaf Aloe Hand Wash 250ml", "Single", CARE, V, EDLP, false, 120],
];
export const BASE_SKU_COUNT = PRODUCTS.length;

// Day of year of the yearly peak, and its strength, per category (a few products override).
const SEASON: Record<string, [number, number]> = {
  ...LONG_NAME_SEASONS,
  [DRINKS]: [196, 0.3],
  [DAIRY]: [30, 0.05],
  [BAKERY]: [355, 0.06],
  [SNACKS]: [355, 0.15],
  [FROZEN]: [200, 0.12],
  [SOUPS]: [20, 0.35],
  [HOUSE]: [90, 0.04],
  [CARE]: [180, 0.05],
};
const SEASON_OVERRIDE: Record<string, [number, number]> = {
  "Harbour Kitchen Hot Cross Buns 4 pack": [100, 0.7],
  "Polar Point Vanilla Ice Cream 1L": [200, 0.5],
  "Polar Point Strawberry Ice Lollies 6 pack": [200, 0.6],
  "Oakridge Crumpets 6 pack": [15, 0.3],
};

const TOWNS = [
  "Leeds",
  "York",
  "Bristol",
  "Bath",
  "Exeter",
  "Plymouth",
  "Derby",
  "Nottingham",
  "Leicester",
  "Coventry",
  "Oxford",
  "Reading",
  "Swindon",
  "Cardiff",
  "Swansea",
  "Newport",
  "Chester",
  "Preston",
  "Bolton",
  "Wigan",
  "Sheffield",
  "Hull",
  "Durham",
  "Carlisle",
  "Lancaster",
  "Norwich",
  "Ipswich",
  "Colchester",
  "Luton",
  "Watford",
  "Guildford",
  "Brighton",
  "Hastings",
  "Canterbury",
  "Dover",
  "Maidstone",
  "Salisbury",
  "Poole",
  "Taunton",
  "Truro",
  "Gloucester",
  "Worcester",
  "Hereford",
  "Shrewsbury",
  "Stafford",
  "Lincoln",
  "Grimsby",
  "Doncaster",
  "Harrogate",
  "Kendal",
  "Stirling",
  "Perth",
  "Dundee",
  "Aberdeen",
  "Inverness",
  "Ayr",
  "Paisley",
  "Falkirk",
  "Wrexham",
  "Bangor",
];

export interface RetailerDef {
  id: string;
  stores: number;
  storeIdBase: number;
  formats: string[];
  /** Names of the first stores, in place of "<town> <format>". */
  storeNames?: readonly string[];
  rateScale: number;
  priceIndex: number;
  ranges: (p: { category: string; segment: string; pack: string }) => boolean;
  metrics: Omit<MetricsRecord, "retailer">;
}

const ALL_SKU: Metric[] = [...SKU_LEVEL_METRICS];
const ALL_STORE: Metric[] = [...STORE_LEVEL_METRICS];

// Five retailers whose capabilities differ the ways the spec says real ones do.
const RETAILERS: RetailerDef[] = [
  {
    // The largest: everything, including daily store data.
    id: "northmart",
    stores: 120,
    storeIdBase: 1001,
    formats: ["Superstore", "Extra"],
    rateScale: 1.2,
    priceIndex: 1.0,
    ranges: () => true,
    metrics: {
      sku_metrics: ALL_SKU,
      store_metrics: ALL_STORE,
      sku_metrics_daily: ["revenue", "units", "average_price", "availability", "wastage"],
      store_metrics_daily: ["revenue", "units", "average_price", "stock", "lost_sales"],
    },
  },
  {
    // No daily data at all.
    id: "freshway",
    stores: 64,
    storeIdBase: 2001,
    formats: ["Market"],
    rateScale: 1.0,
    priceIndex: 1.08,
    ranges: (p) => p.category !== HOUSE && p.category !== CARE,
    metrics: {
      sku_metrics: [
        "revenue",
        "units",
        "average_price",
        "availability",
        "wastage",
        "unit_ros",
        "value_ros",
        "ranged_stores",
      ],
      store_metrics: ["revenue", "units", "average_price", "wastage"],
      sku_metrics_daily: null,
      store_metrics_daily: null,
    },
  },
  {
    // No store level at all.
    id: "budgetbox",
    stores: 80,
    storeIdBase: 3001,
    formats: ["Discount"],
    rateScale: 0.9,
    priceIndex: 0.88,
    ranges: (p) => p.segment !== P,
    metrics: {
      sku_metrics: ["revenue", "units", "average_price", "ranged_stores", "stores_selling", "unit_ros"],
      store_metrics: null,
      sku_metrics_daily: ["revenue", "units", "average_price"],
      store_metrics_daily: null,
    },
  },
  {
    // Convenience: small stores, no large packs, store data weekly only.
    id: "cornershop",
    stores: 45,
    storeIdBase: 4001,
    formats: ["Local"],
    rateScale: 0.35,
    priceIndex: 1.18,
    ranges: (p) => p.pack !== "Large",
    metrics: {
      sku_metrics: [
        "revenue",
        "units",
        "average_price",
        "availability",
        "unit_ros",
        "value_ros",
        "ranged_stores",
        "stores_selling",
        "stores_with_stock",
      ],
      store_metrics: ["revenue", "units", "stock", "lost_sales"],
      sku_metrics_daily: ["revenue", "units", "availability"],
      store_metrics_daily: null,
    },
  },
  {
    // Health and beauty chain: a narrow range, few metrics, but daily store data.
    id: "pharmaplus",
    stores: 30,
    storeIdBase: 5001,
    formats: ["Pharmacy"],
    rateScale: 0.5,
    priceIndex: 1.05,
    ranges: (p) => p.category === CARE || p.category === DRINKS || p.category === SNACKS,
    metrics: {
      sku_metrics: ["revenue", "units", "average_price", "ranged_stores"],
      store_metrics: ["revenue", "units", "average_price", "stock"],
      sku_metrics_daily: ["revenue", "units"],
      store_metrics_daily: ["revenue", "units"],
    },
  },
];
export const LARGEST_RETAILER_STORES = RETAILERS[0].stores;

/** The SKU at catalogue index `i`; its traits hash from (seed, i) only, so appending SKUs moves none. */
function makeSku(seed: number, i: number, row: ProductRow, name: string): Sku {
  const [brand, product, pack, category, segment, promoGroup, fresh, price] = row;
  const k = keyOf(seed, 11, i);
  const [peak, amp] = SEASON_OVERRIDE[product] ?? SEASON[category];
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
