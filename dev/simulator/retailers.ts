// The demo account's five retailers (their capabilities differ the ways the spec says real ones do: stores,
// metrics, daily data, what they range) and the towns their stores are named after.
import { SKU_LEVEL_METRICS, STORE_LEVEL_METRICS, type Metric, type MetricsRecord } from "./metrics";
import { CARE, DRINKS, HOUSE, P, SNACKS } from "./products";

export const TOWNS = [
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
export const RETAILERS: RetailerDef[] = [
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
