// A saved table's query as an entry of a sync file (the pane's "Copy for sync"): the same JSON `sales-data sync`
// takes, so the table a user built by dropdowns is the one the database gets.
import type { Query } from "./query";

/** The entry as JSON text: { table, rolling, query } with the query's fields as the parser reads them. */
export function syncEntryJson(table: string, query: Query, rolling: boolean): string {
  const { level, retailers, timeframe, metrics, from, to, comparison, filter, viewby } = query;
  const q = { level, retailers, timeframe, metrics, from, to, comparison, filter, viewby };
  return JSON.stringify({ table, rolling, query: q }, null, 2);
}
