// Queries in tests are written as people write them (comma lists, any case, "northmart" for one retailer) and
// parsed at the test's edge, as the pane's form, a SALES call or a saved record is: past the edge only the
// parsed Query (and a retailer's DataRequest) goes (src/core/query/query.ts).
import { parseQuery, requestsOf, type DataRequest, type Query } from "../../src/core/query/query";

/** A query as a test writes it: any field of a Query, in the loose form the edges read. */
export type LooseQuery = Partial<Record<keyof Query, unknown>>;

/** The parsed query; a loose query with a problem fails the test with the parser's words. */
export function asQuery(loose: LooseQuery): Query {
  const parsed = parseQuery(loose);
  if (!parsed.ok) throw new Error(`not a query: ${parsed.errors.map((e) => e.message).join(" ")}`);
  return parsed.query;
}

/** One retailer's request (what the client's getData takes), written loosely with its `retailer`. */
export function request({ retailer, ...loose }: Partial<Record<keyof DataRequest, unknown>>): DataRequest {
  const requests = requestsOf(asQuery({ ...loose, retailers: retailer }));
  if (requests.length !== 1) throw new Error(`a request has one retailer, not ${requests.length}`);
  return requests[0];
}
