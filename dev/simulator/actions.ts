// Actions, insights and alerts: a deterministic handful per retailer for the current week
// (Monday-based), re-drawn when the week changes because the service refreshes them weekly.
import { CLIENT_NAME, type Catalog, type Retailer, type Store } from "./catalog";
import { isoTimestamp, weekStart, type Day } from "./dates";
import { hashWith, keyOf, unit } from "./hash";
import type { ValueModel } from "./values";

export interface ActionRecord {
  client_name: string;
  alert_date: string;
  sku_code: number;
  sku_description: string;
  retailer: string;
  store_id: number;
  store_description: string;
  action: string;
  action_description: string;
}

type Describe = (n: number, fresh: boolean) => string | null;
// Several descriptions start with "+" or "-", as real ones do: service text must land in Excel as text.
const CODES: [string, Describe][] = [
  [
    "no_sales",
    (n) =>
      `No sales recorded for ${3 + (n % 5)} days although the store is ranged and shows stock. Check the shelf and the backroom.`,
  ],
  ["price_check", (n) => `+${4 + (n % 9)}% above the usual shelf price last week: check the shelf-edge label.`],
  [
    "out_of_stock",
    (n) => `Out of stock on ${2 + (n % 5)} of the last 7 days. Raise an order and check the delivery schedule.`,
  ],
  ["sales_drop", (n) => `-${20 + (n % 40)}% units versus the previous 4-week average. Check display and availability.`],
  ["low_availability", (n) => `Availability ${60 + (n % 25)}% last week, below the 90% target.`],
  [
    "high_wastage",
    (n, fresh) =>
      fresh
        ? `Wastage was ${8 + (n % 12)}% of units sold last week. Review order quantities and stock rotation.`
        : null,
  ],
  [
    "phantom_stock",
    (n) => `System stock of ${6 + (n % 30)} units with no sales for ${4 + (n % 4)} days: count the stock on hand.`,
  ],
];

const LONG = 60;
// The long-names retailer's descriptions run on, as some real ones do, so the pane shows wrapped text.
const FOLLOW_UP = "Raised by the weekly category review and shared with the area manager and the store team at";

/** The long-names retailer's products and stores whose names are 60+ characters; null for the others. */
function longPools(catalog: Catalog, r: Retailer): { skuIndexes: number[]; stores: Store[] } | null {
  if (!r.longNames) return null;
  const skuIndexes = r.skuIndexes.filter((i) => catalog.skus[i].name.length >= LONG);
  const stores = r.stores.filter((st) => st.name.length >= LONG);
  return skuIndexes.length && stores.length ? { skuIndexes, stores } : null;
}

export function actionsFor(catalog: Catalog, model: ValueModel, r: Retailer, today: Day): ActionRecord[] {
  const week = weekStart(today);
  const key = keyOf(catalog.seed, 31, r.index, week);
  const count = 6 + Math.floor(unit(hashWith(key, 0)) * 7);
  const out: ActionRecord[] = [];
  const long = longPools(catalog, r);
  for (let i = 0; out.length < count && i < count * 4; i++) {
    const h = hashWith(key, i + 1);
    // The long-names retailer's first two name one of its long products at a long-named store.
    const skus = i < 2 && long ? long.skuIndexes : r.skuIndexes;
    const stores = i < 2 && long ? long.stores : r.stores;
    const sku = catalog.skus[skus[Math.floor(unit(hashWith(h, 1)) * skus.length)]];
    let store = stores[Math.floor(unit(hashWith(h, 2)) * stores.length)];
    for (let t = 3; t < 8 && !model.storeRanges(r, sku, store); t++)
      store = stores[Math.floor(unit(hashWith(h, t)) * stores.length)];
    // The first two are always no_sales and price_check, so every retailer's list has both.
    const [code, describe] = i < 2 ? CODES[i] : CODES[Math.floor(unit(hashWith(h, 9)) * CODES.length)];
    const text = describe(hashWith(h, 10) % 1000, sku.fresh);
    if (text === null) continue;
    out.push({
      client_name: CLIENT_NAME,
      alert_date: isoTimestamp(week),
      sku_code: sku.code,
      sku_description: sku.name,
      retailer: r.id,
      store_id: store.id,
      store_description: store.name,
      action: code,
      action_description: long ? `${text} ${FOLLOW_UP} ${store.name}.` : text,
    });
  }
  return out;
}
