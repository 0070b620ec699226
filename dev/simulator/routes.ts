// The service's endpoints: connection test, lists, data and actions. Each returns a status,
// a JSON body text and extra headers; errors are thrown as HttpError.
import { actionsFor } from "./actions";
import { skuProductName, type Catalog } from "./catalog";
import { buildDataJson, type PartedBody } from "./data";
import type { Day } from "./dates";
import { ALL, listType, namedRetailer, parseDataQuery } from "./query";
import type { ValueModel } from "./values";

export const API_PATHS = ["/api/test", "/api/list", "/api/data", "/api/actions"] as const;
export type ApiPath = (typeof API_PATHS)[number];

export interface ApiResult {
  status: number;
  /** The JSON text; in parts for an answer too large to build whole before it is sent. */
  body: string | Buffer | PartedBody;
  headers: Record<string, string>;
}

const ok = (body: ApiResult["body"], headers: Record<string, string> = {}): ApiResult => ({
  status: 200,
  body,
  headers,
});

/** What a route may build: `maxRows` rows in one data answer at most, 0 for no limit. */
export interface RouteLimits {
  maxRows: number;
}

export function route(
  path: ApiPath,
  q: URLSearchParams,
  catalog: Catalog,
  model: ValueModel,
  today: Day,
  limits: RouteLimits,
): ApiResult {
  switch (path) {
    case "/api/test":
      return ok(JSON.stringify({ success: true }));
    case "/api/list": {
      const type = listType(q);
      if (type === "retailers") return ok(JSON.stringify([ALL, ...catalog.retailers.map((r) => r.id)]));
      const r = namedRetailer(catalog, q, "/list");
      if (type === "metrics") return ok(JSON.stringify([r.metrics]));
      const skus = r.skuIndexes.map((i) => catalog.skus[i]);
      const filters: Record<string, string[]> = {
        sku: skus.map((s) => String(s.code)),
        skuProductName: skus.map(skuProductName),
      };
      for (let f = 0; f < 5; f++) filters[`filter${f + 1}`] = [...new Set(skus.map((s) => s.filters[f]))];
      return ok(JSON.stringify(filters));
    }
    case "/api/data": {
      const query = parseDataQuery(catalog, q, today);
      const headers: Record<string, string> = query.omitted.length
        ? { "X-Service-Omitted-Metrics": query.omitted.join(",") }
        : {};
      return ok(buildDataJson(catalog, model, query, today, limits.maxRows), headers);
    }
    case "/api/actions": {
      const r = namedRetailer(catalog, q, "the actions path");
      return ok(JSON.stringify(actionsFor(catalog, model, r, today)));
    }
  }
}
