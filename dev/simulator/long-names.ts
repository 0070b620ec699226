// The long-names demo retailer (simulator option `longNames`): a retailer whose identifier, product
// names, filter values and some store names are 60 characters or more, so the pane can be tested with
// text that does not fit. Its own products are ranged by no other retailer, so the other five serve
// the same bytes with the option on or off.
import type { Metric } from "./metrics";
import type { ProductRow } from "./products";
import type { RetailerDef } from "./retailers";

/** Lowercase letters and underscores only: valid in a URL query and in an Excel table name. */
export const LONG_NAME_RETAILER = "the_northern_counties_cooperative_wholesale_society_grocery_division";

const CREAMERY = "The Old Cumberland Farmhouse Creamery and Artisan Dairy Company";
const SPRINGS = "Highland Glen Estate Spring Water and Natural Soft Drinks Company";
const CHILLED = "Chilled Dairy Cheese & Yogurts with Plant Based Alternatives Aisle";
const AMBIENT = "Ambient Soft Drinks Mixers Cordials and Functional Water Beverages";
const SHARING = "Large Family Sharing Multipack in a Recyclable Cardboard Sleeve";
const ON_THE_GO = "Single Serve On The Go Bottle with a Sports Cap and Tamper Seal";
const ORGANIC = "Premium Organic Free From and Specialist Dietary Requirements Range";
const EVERYDAY = "Mainstream Everyday Family Favourites and Store Cupboard Essentials";
const BARBECUE = "Seasonal Summer Barbecue and Outdoor Entertaining Multibuy Promotion";
const LUNCHBOX = "Back to School Lunchbox Fillers and Weekday Breakfast Multisaver Deal";

// Same columns as the base catalogue: brand, product, pack bucket, category, segment, promo group, fresh, price.
export const LONG_NAME_PRODUCTS: ProductRow[] = [
  [CREAMERY, `${CREAMERY} Extra Mature Cheddar 350g`, SHARING, CHILLED, ORGANIC, LUNCHBOX, true, 425],
  [CREAMERY, `${CREAMERY} Natural Set Yogurt 6x125g`, SHARING, CHILLED, EVERYDAY, LUNCHBOX, true, 265],
  [CREAMERY, `${CREAMERY} Clotted Cream Rice Pudding 4x150g`, SHARING, CHILLED, ORGANIC, BARBECUE, true, 299],
  [SPRINGS, `${SPRINGS} Still Spring Water 750ml`, ON_THE_GO, AMBIENT, EVERYDAY, BARBECUE, false, 95],
  [SPRINGS, `${SPRINGS} Sparkling Elderflower Presse 750ml`, ON_THE_GO, AMBIENT, ORGANIC, BARBECUE, false, 189],
  [SPRINGS, `${SPRINGS} Lemon and Lime Sports Drink 6x500ml`, SHARING, AMBIENT, EVERYDAY, LUNCHBOX, false, 399],
];

/** Day of year of the yearly peak, and its strength, for the long categories (as dairy and drinks). */
export const LONG_NAME_SEASONS: Record<string, [number, number]> = {
  [CHILLED]: [30, 0.05],
  [AMBIENT]: [196, 0.3],
};

const SKU_METRICS: Metric[] = [
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

/**
 * A regional cooperative: every metric weekly and monthly, daily data at both levels (a subset of
 * northmart's daily lists, so what `all` serves daily stays the same). Besides its own products it
 * ranges the base catalogue's dairy, bakery and drinks, so its lists mix short and long names.
 */
export const LONG_NAME_RETAILER_DEF: RetailerDef = {
  id: LONG_NAME_RETAILER,
  stores: 36,
  storeIdBase: 6001,
  formats: ["Cooperative"],
  storeNames: [
    "Kirkby Stephen and Upper Eden Valley Community Cooperative Superstore",
    "Newcastle upon Tyne Haymarket Metro Interchange Convenience Food Hall",
    "Barrow in Furness Walney Island Road Retail Park Extra Large Foodstore",
    "Berwick upon Tweed Castlegate and Marygate Town Centre Neighbourhood Store",
  ],
  rateScale: 0.6,
  priceIndex: 1.1,
  ranges: (p) => p.category === "Dairy" || p.category === "Bakery" || p.category === "Juice & Drinks",
  metrics: {
    sku_metrics: SKU_METRICS,
    store_metrics: ["revenue", "units", "average_price", "stock", "wastage", "lost_sales"],
    sku_metrics_daily: ["revenue", "units", "average_price", "availability"],
    store_metrics_daily: ["revenue", "units", "stock"],
  },
};
