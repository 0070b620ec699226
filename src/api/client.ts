// The one client every surface uses: the pane, the SALES functions and refresh. Its lists, its validation of a
// query, and the answer checked against its question; the chunked data read is chunkedRead.ts's.
import { checkAnswer, type AnswerVerdict } from "../core/answer/answerCheck";
import type { AnswerReport } from "../core/answer/answerQuestion";
import { todayIso, type IsoDate } from "../core/dates";
import { validateForRetailers } from "../core/query/retailers";
import { requestsOf, type DataRequest, type Query } from "../core/query/query";
import { validateRequest } from "../core/query/validate";
import { dayIn, metricIn, type DayWords } from "../core/words";
import { keyToSend } from "./apiKey";
import { checkBaseUrl, listKey, listRetailer, parse, validationError } from "./clientChecks";
import { namedFailure, readChunked, type ChunkedReader, type DataPart } from "./chunkedRead";
import { notReadable, SalesApiError } from "./errors";
import { Http } from "./http";
import type { RequestPool } from "./pool";
import type { BodyText, RoomForMore } from "./jsonBody";
import { readSized, type SizedOptions } from "./sizedRead";
import { readStreamed, type RowsTaker } from "./streamedRead";
import {
  ActionListSchema,
  ConnectionTestSchema,
  FiltersRecordSchema,
  MetricsListSchema,
  RetailersSchema,
  type ActionRecord,
  type DataRow,
  type FiltersRecord,
  type MetricsRecord,
} from "./schemas";
import { SURFACE_WORDS, type Surface, type SurfaceWords } from "./surfaceWords";

export interface EndpointPaths {
  test: string;
  list: string;
  data: string;
  actions: string;
}

/** The simulator's paths; the real service does not publish its own, so users can change them. */
export const DEFAULT_PATHS: EndpointPaths = {
  test: "/api/test/",
  list: "/api/list",
  data: "/api/data",
  actions: "/api/actions",
};

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  paths?: Partial<EndpointPaths>;
  /** Overall time per request, retries included (default 30 s). */
  timeoutMs?: number;
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** Longest Retry-After honoured (default 10 s). */
  maxRetryAfterMs?: number;
  /** Requests of one chunked data read in flight at once (default 3). */
  concurrency?: number;
  fetch?: typeof fetch;
  /** How an answer's bytes become text (default TextDecoder; the command's is faster in Node, src/cli/nodeText.ts). */
  text?: BodyText;
  /** The service's today, for the 14-day store rule (default: this machine's date). */
  today?: () => IsoDate;
  /** Where its messages are read (default the pane): the words that say what to check. */
  surface?: Surface;
}

/** How one data read is run: `signal` cancels it; `pool`, a run's request pool (pool.ts) its requests go through. */
export interface ReadOptions {
  signal?: AbortSignal;
  /**
   * Refresh all's (or a sync's) one pool for the whole run: at most its limit in flight with the run's other
   * reads, and a 429 left to the pool (sent once, then waited for and sent again by it), not retried here.
   */
  pool?: RequestPool;
  /**
   * How validation and the answer check write days and metrics: the surface's words (the pane's date style and plain
   * names); default the service's ("8 Oct to 2 Nov", unit_ros).
   */
  days?: DayWords;
}

export interface DataResult {
  rows: DataRow[];
  omittedMetrics: string[];
  periodField: string;
  /** The request as sent (after validation: metrics never served daily left out). */
  query: DataRequest;
  /** What validation had to say about the query, then what the answer check reported (src/core/answer/answerCheck.ts). */
  warnings: string[];
  /** The rows' fields that become the table's columns: every field they have less those nobody asked for. */
  fields: string[];
  /** The answer check's findings: rows left out, nulls, metrics omitted without a word, columns nobody asked for. */
  report: AnswerReport;
}

/** One retailer's part of a several-retailer read. */
export interface RetailerDataResult extends DataResult {
  retailer: string;
}

export interface SalesClient {
  testConnection(): Promise<boolean>;
  listRetailers(): Promise<string[]>;
  listMetrics(retailer: string): Promise<MetricsRecord[]>;
  listFilters(retailer: string): Promise<FiltersRecord>;
  /** One retailer's request, validated (the service's today, its metrics list when read), then read in chunks. */
  getData(request: DataRequest, opts?: ReadOptions): Promise<DataResult>;
  /**
   * The query for its retailers (several, or "all" alone), validated for each first, then one data request per
   * retailer and chunk through one bounded pool; the first failure fails the whole read, naming its retailer.
   * Results in the query's order; src/core/answer/retailersTable.ts merges them into one table.
   */
  getDataForRetailers(query: Query, opts?: ReadOptions): Promise<RetailerDataResult[]>;
  /**
   * getData for a request the client reads in one request (its dates within one chunk), its answer checked as it
   * arrives (streamedRead.ts): the rows kept go to `take` batch by batch and are not kept here (`rows` is empty).
   * Rejects, as getData does, when the answer is refused: the caller throws away what it was handed.
   */
  streamData(request: DataRequest, take: RowsTaker, opts?: ReadOptions): Promise<DataResult>;
  /** getDataForRetailers, streamed as streamData is: each retailer's kept rows to `take` with its index. */
  streamDataForRetailers(
    query: Query,
    take: (index: number, rows: DataRow[], periodField: string) => RoomForMore,
    opts?: ReadOptions,
  ): Promise<RetailerDataResult[]>;
  /**
   * The query validated as getData (one retailer) or getDataForRetailers validate it, read in chunks sized by its
   * first answer (sizedRead.ts), each answer checked as it arrives. With `maxRows`, an AnswerTooLarge as soon as the
   * answer is known not to fit: after its first chunk at the latest, the rest never sent.
   */
  readSized(query: Query, opts?: SizedOptions): Promise<RetailerDataResult[]>;
  getActions(retailer: string): Promise<ActionRecord[]>;
  /** Forget cached lists (retailers, metrics, filters) so the next call reads them again. */
  clearLists(): void;
}

export function createClient(options: ClientOptions): SalesClient {
  return new Client(options);
}

class Client implements SalesClient {
  private readonly http: Http;
  private readonly paths: EndpointPaths;
  private readonly today: () => IsoDate;
  /** Where data reads go, chunked through one bounded pool (chunkedRead.ts). */
  private readonly reader: ChunkedReader;
  private readonly lists = new Map<string, Promise<unknown>>();
  private readonly words: SurfaceWords;

  constructor(opts: ClientOptions) {
    const words = SURFACE_WORDS[opts.surface ?? "pane"];
    this.words = words;
    const apiKey = keyToSend(opts.apiKey ?? "");
    if (!apiKey) throw new SalesApiError("auth", words.noKey);
    checkBaseUrl(opts.baseUrl);
    this.paths = { ...DEFAULT_PATHS, ...opts.paths };
    this.today = opts.today ?? (() => todayIso());
    this.http = new Http({
      baseUrl: opts.baseUrl,
      apiKey,
      timeoutMs: opts.timeoutMs ?? 30_000,
      retries: opts.retries ?? 3,
      maxRetryAfterMs: opts.maxRetryAfterMs ?? 10_000,
      fetch: opts.fetch,
      text: opts.text,
      words,
    });
    this.reader = { http: this.http, path: this.paths.data, concurrency: Math.max(1, opts.concurrency ?? 3) };
  }

  async testConnection(): Promise<boolean> {
    const { body } = await this.http.getJson(this.paths.test);
    return parse(ConnectionTestSchema, body, "connection test").success;
  }

  listRetailers(): Promise<string[]> {
    return this.cachedList("retailers", {}, (body) => parse(RetailersSchema, body, "retailers list"));
  }

  listMetrics(retailer: string): Promise<MetricsRecord[]> {
    return this.cachedList("metrics", { retailer: listRetailer(retailer) }, (body) =>
      parse(MetricsListSchema, body, "metrics list"),
    );
  }

  listFilters(retailer: string): Promise<FiltersRecord> {
    return this.cachedList("filters", { retailer: listRetailer(retailer) }, (body) =>
      parse(FiltersRecordSchema, body, "filters list"),
    );
  }

  async getActions(retailer: string): Promise<ActionRecord[]> {
    const { body } = await this.http.getJson(this.paths.actions, { retailer: listRetailer(retailer) });
    return parse(ActionListSchema, body, "actions list");
  }

  clearLists(): void {
    this.lists.clear();
  }

  async getData(request: DataRequest, opts: ReadOptions = {}): Promise<DataResult> {
    const metricsList = await this.knownMetrics(request.retailer);
    const checked = validateRequest(request, { today: this.today(), metricsList, ...ruleWords(opts.days) });
    if (!checked.ok) throw validationError(checked.errors);
    const [parts] = await readChunked(this.reader, [checked.query], opts.signal, { pool: opts.pool }).catch((e) =>
      this.notReached(request.retailer, e, false),
    );
    return this.checkedResult(
      checked.query,
      parts,
      checked.warnings.map((w) => w.message),
      "",
      opts.days,
    );
  }

  async streamData(request: DataRequest, take: RowsTaker, opts: ReadOptions = {}): Promise<DataResult> {
    const metricsList = await this.knownMetrics(request.retailer);
    const checked = validateRequest(request, { today: this.today(), metricsList, ...ruleWords(opts.days) });
    if (!checked.ok) throw validationError(checked.errors);
    const question = { ...checked.query, today: this.today(), ...(opts.days ? { days: opts.days } : {}) };
    const [answer] = await readStreamed(
      this.reader,
      [{ request: checked.query, question }],
      (_, rows, field) => take(rows, field),
      opts.signal,
      { pool: opts.pool },
    ).catch((e) => this.notReached(request.retailer, e, false));
    return this.resultOf(
      checked.query,
      [],
      answer.verdict,
      answer.periodField,
      checked.warnings.map((w) => w.message),
    );
  }

  async getDataForRetailers(query: Query, opts: ReadOptions = {}): Promise<RetailerDataResult[]> {
    const checked = await this.validatedForRetailers(query, opts.days);
    const parts = await readChunked(this.reader, checked.queries, opts.signal, { named: true, pool: opts.pool });
    // Every retailer's answer is checked before any is returned: one refused answer fails the read.
    return checked.queries.map((query, i) => ({
      retailer: query.retailer,
      ...this.checkedResult(query, parts[i], checked.warnings[i], `${query.retailer}: `, opts.days),
    }));
  }

  async streamDataForRetailers(
    query: Query,
    take: (index: number, rows: DataRow[], periodField: string) => RoomForMore,
    opts: ReadOptions = {},
  ): Promise<RetailerDataResult[]> {
    const checked = await this.validatedForRetailers(query, opts.days);
    const days = opts.days ? { days: opts.days } : {};
    const requests = checked.queries.map((q) => ({ request: q, question: { ...q, today: this.today(), ...days } }));
    const answers = await readStreamed(this.reader, requests, take, opts.signal, { named: true, pool: opts.pool });
    // Every retailer's answer has passed (the first refused one failed the read), as in getDataForRetailers.
    return checked.queries.map((q, i) => ({
      retailer: q.retailer,
      ...this.resultOf(q, [], answers[i].verdict, answers[i].periodField, checked.warnings[i], `${q.retailer}: `),
    }));
  }

  async readSized(query: Query, opts: SizedOptions = {}): Promise<RetailerDataResult[]> {
    const one = query.retailers.length === 1;
    const checked = one
      ? await this.validatedForOne(requestsOf(query)[0], opts.days)
      : await this.validatedForRetailers(query, opts.days);
    const today = this.today();
    const days = opts.days ? { days: opts.days } : {};
    const requests = checked.queries.map((q) => ({ request: q, question: { ...q, today, ...days } }));
    const answers = await readSized(this.reader, requests, { ...opts, named: !one, today });
    return checked.queries.map((q, i) => ({
      retailer: q.retailer,
      ...this.resultOf(
        q,
        answers[i].rows,
        answers[i].verdict,
        answers[i].periodField,
        checked.warnings[i],
        one ? "" : `${q.retailer}: `,
      ),
    }));
  }

  /** One retailer's request validated as getData validates it (its metrics list when this session read it). */
  private async validatedForOne(request: DataRequest, days: DayWords | undefined) {
    const metricsList = await this.knownMetrics(request.retailer);
    const checked = validateRequest(request, { today: this.today(), metricsList, ...ruleWords(days) });
    if (!checked.ok) throw validationError(checked.errors);
    return { queries: [checked.query], warnings: [checked.warnings.map((w) => w.message)] };
  }

  /** The query validated for each of its retailers (their metrics lists read first), or a validation error. */
  private async validatedForRetailers(query: Query, days: DayWords | undefined) {
    const names = query.retailers;
    const metricsLists = new Map<string, MetricsRecord[] | undefined>();
    if (names[0] !== "all") {
      const lists = await Promise.all(names.map((r) => this.listMetrics(r).catch((e) => this.notReached(r, e))));
      names.forEach((r, i) => metricsLists.set(r, lists[i]));
    }
    const checked = validateForRetailers(query, { today: this.today(), metricsLists, ...ruleWords(days) });
    if (!checked.ok) throw validationError(checked.errors);
    return checked;
  }

  /**
   * A retailer's list or data refused: when the key reads no retailer of that name, said by the field that names
   * it in the surface's words, with the retailers the key does read (the service's own words name its parameter);
   * otherwise, or on a surface with no such words, the failure as it was, named by its retailer when `named`.
   */
  private async notReached(retailer: string, error: unknown, named = true): Promise<never> {
    const status = error instanceof SalesApiError ? error.status : undefined;
    const field = this.words.retailers;
    const listed =
      field && [400, 403, 404].includes(status ?? 0) ? await this.listRetailers().catch(() => undefined) : undefined;
    if (!field || !listed || listed.includes(retailer))
      return named ? namedFailure(retailer)(error) : Promise.reject(error);
    throw notReadable(retailer, listed, field, status);
  }

  /**
   * The query's parts as one answer, checked against the query (src/core/answer/answerCheck.ts): refused whole with a
   * "format" error naming what broke, or the rows inside the question with what was left out in `warnings`
   * (after `prefix`: a retailer's name in a read of several).
   */
  private checkedResult(
    query: DataRequest,
    parts: DataPart[],
    warnings: string[],
    prefix: string,
    days: DayWords | undefined,
  ): DataResult {
    const rows = parts.length === 1 ? parts[0].rows : parts.flatMap((p) => p.rows);
    const found = parts.find((p) => p.periodField)?.periodField;
    const check = checkAnswer(
      { ...query, today: this.today(), ...(days ? { days } : {}) },
      {
        rows,
        periodField: found,
        omittedMetrics: [...new Set(parts.flatMap((p) => p.omitted))],
        requests: parts.map((p) => ({ from: p.from, to: p.to, rows: p.rows.length })),
      },
    );
    if (!check.ok) throw new SalesApiError("format", check.message);
    return this.resultOf(query, check.rows as DataRow[], check, found, warnings, prefix);
  }

  /** An accepted answer as the client gives it: its rows, what the check said (after `prefix`), its period column. */
  private resultOf(
    query: DataRequest,
    rows: DataRow[],
    check: Extract<AnswerVerdict, { ok: true }>,
    periodField: string | undefined,
    warnings: string[],
    prefix = "",
  ): DataResult {
    return {
      rows,
      omittedMetrics: check.omittedMetrics,
      periodField: periodField ?? (query.timeframe === "weekly" ? "week" : "period"),
      query,
      warnings: [...warnings, ...check.notices.map((n) => prefix + n)],
      fields: check.fields,
      report: check.report,
    };
  }

  /** The retailer's metrics list if this session already read it; validation uses it when it can. */
  private async knownMetrics(retailer: string): Promise<MetricsRecord[] | undefined> {
    const key = listKey("metrics", { retailer: String(retailer ?? "").trim() });
    const cached = this.lists.get(key);
    if (!cached) return undefined;
    return (cached as Promise<MetricsRecord[]>).catch(() => undefined);
  }

  private cachedList<T>(type: string, params: Record<string, string>, read: (body: unknown) => T): Promise<T> {
    const key = listKey(type, params);
    let p = this.lists.get(key) as Promise<T> | undefined;
    if (!p) {
      p = this.http.getJson(this.paths.list, { type, ...params }).then(({ body }) => read(body));
      p.catch(() => this.lists.delete(key)); // a failure is not remembered
      this.lists.set(key, p);
    }
    return p;
  }
}

/** What validation says, in the words a read was told (its surface's days and metric names); none: the service's. */
function ruleWords(days: DayWords | undefined): { day?: (d: IsoDate) => string; metric?: (name: string) => string } {
  if (!days) return {};
  return { day: (d) => dayIn(days, d), metric: (name) => metricIn(days, name) };
}
