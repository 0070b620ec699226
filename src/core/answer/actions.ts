// The Actions table: this week's actions, insights and alerts of one or more retailers, as cells. The one
// shape of actions in the add-in: the pane's Actions table and SALES.ACTIONS both write tabulateActions().
// Only the known columns, in this order: fields the service may add are left out (the schema keeps them on the
// records), so the header never depends on which fields one week's records carry. A pane re-pull replaces the
// table's rows under the stored header and refuses a changed header, and formulas keep their column positions.
import { dayOfTimestamp, type DayCells } from "../dates";
import type { Cell, Column, Tabulated } from "./tabulate";

export interface ActionLike {
  retailer: string;
  alert_date: string;
  action: string;
  action_description: string;
  sku_code: string | number;
  sku_description: string;
  store_id: string | number | null;
  store_description: string | null;
  client_name: string;
}

/** The columns of the actions table, in the order people read them. */
const ACTION_COLUMNS: readonly Column[] = [
  { name: "retailer", kind: "text" },
  { name: "alert_date", kind: "date" },
  { name: "action", kind: "text" },
  { name: "action_description", kind: "text" },
  { name: "sku_code", kind: "code" },
  { name: "sku_description", kind: "text" },
  { name: "store_id", kind: "code" },
  { name: "store_description", kind: "text" },
  { name: "client_name", kind: "text" },
];

/** The records as the table's cells, each day as the store holds it (`dayCells`). */
export function tabulateActions(records: readonly ActionLike[], dayCells: DayCells): Tabulated {
  const values: Cell[][] = records.map((a) => {
    const day = dayOfTimestamp(a.alert_date);
    return [
      a.retailer,
      day ? dayCells.cellOf(day) : a.alert_date,
      a.action,
      a.action_description,
      a.sku_code,
      a.sku_description,
      a.store_id,
      a.store_description,
      a.client_name,
    ];
  });
  return { columns: [...ACTION_COLUMNS], headers: ACTION_COLUMNS.map((c) => c.name), values };
}
