// Actions, insights and alerts: a deterministic handful per retailer for the current week
// (Monday-based), re-drawn when the week changes because the service refreshes them weekly.
import { CLIENT_NAME, type Catalog, type Retailer } from "./catalog";
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

export function actionsFor(catalog: Catalog, model: ValueModel, r: Retailer, today: Day): ActionRecord[] {
  const week = weekStart(today);
  const key = keyOf(catalog.seed, 31, r.index, week);
  const count = 6 + Math.floor(unit(hashWith(key, 0)) * 7);
  const out: ActionRecord[] = [];
  for (let i = 0; out.length < count && i < count * 4; i++) {
    const h = hashWith(key, i + 1);
    const sku = catalog.skus[r.skuIndexes[Math.floor(unit(hashWith(h, 1)) * r.skuIndexes.length)]];
    let store = r.stores[Math.floor(unit(hashWith(h, 2)) * r.stores.length)];
    for (let t = 3; t < 8 && !model.storeRanges(r, sku, store); t++)
      store = r.stores[Math.floor(unit(hashWith(h, t)) * r.stores.length)];
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
      action_description: text,
    });
  }
  return out;
}
