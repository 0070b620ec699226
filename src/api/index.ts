// src/api owns the service client: HTTP (retries, deadline, cancellation, sharing), the service's quirks, schemas.
// It may import src/core only: never Excel, never the DOM beyond fetch. Its reference is docs/client.md.
export { createClient, DEFAULT_PATHS } from "./client";
export type { ClientOptions, DataResult, EndpointPaths, RetailerDataResult, SalesClient } from "./client";
export { fetchTable } from "./tableRead";
export type { TableAnswer } from "./tableRead";
export { SalesApiError } from "./errors";
export type { SalesApiErrorKind } from "./errors";
export type { ActionRecord, DataRow, FiltersRecord, MetricsRecord } from "./schemas";
export type { DataRequest, Query } from "../core/query/query";
export { keyToSend } from "./apiKey";
