// The demo account's base products (fictional): brand, name, pack, category, segment, promo group, fresh, price;
// and each category's season (the day of year of its peak and its strength), with a few products of their own.

// brand, product, pack bucket, category, segment, promo group, fresh, price (cents)
export type ProductRow = [string, string, string, string, string, string, boolean, number];
export const P = "Premium",
  M = "Mainstream",
  V = "Value";
export const DRINKS = "Juice & Drinks",
  DAIRY = "Dairy",
  BAKERY = "Bakery",
  SNACKS = "Snacks",
  FROZEN = "Frozen";
export const SOUPS = "Soups & Ready Meals",
  HOUSE = "Household",
  CARE = "Personal Care";
const SUMMER = "Summer Drinks",
  BREAKFAST = "Breakfast Deals",
  WINTER = "Winter Warmers",
  EDLP = "Everyday Low Price",
  NOPROMO = "No Promo";
export const PRODUCTS: ProductRow[] = [
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
export const SEASON: Record<string, [number, number]> = {
  [DRINKS]: [196, 0.3],
  [DAIRY]: [30, 0.05],
  [BAKERY]: [355, 0.06],
  [SNACKS]: [355, 0.15],
  [FROZEN]: [200, 0.12],
  [SOUPS]: [20, 0.35],
  [HOUSE]: [90, 0.04],
  [CARE]: [180, 0.05],
};
export const SEASON_OVERRIDE: Record<string, [number, number]> = {
  "Harbour Kitchen Hot Cross Buns 4 pack": [100, 0.7],
  "Polar Point Vanilla Ice Cream 1L": [200, 0.5],
  "Polar Point Strawberry Ice Lollies 6 pack": [200, 0.6],
  "Oakridge Crumpets 6 pack": [15, 0.3],
};
