// An answer's JSON read as its bytes arrive. A data answer is a JSON array of up to hundreds of thousands of rows
// (17 MB for a week of a large retailer's stores): read whole, its bytes, their text and the parsed rows are all in
// memory at once, and V8 lets its heap grow to a few times what is live. Here an array's elements are parsed in
// batches of about a megabyte as the bytes come, so neither the whole text nor the whole body is ever held. JSON.parse
// still parses every element; this only finds where a batch can end, between two top-level elements. Rows are
// objects, so a batch is first cut after the last `},{` in it and JSON.parse tells whether that was between two
// elements (a cut inside a string or a nested value leaves text JSON.parse refuses): the bytes are not looked at one
// by one. When that fails, or the elements are no objects, the read goes on finding where elements end byte by byte
// (outside strings, at nesting depth zero). Any other body (an object, a number) is read whole and parsed as it is.
import { pacer } from "../core/schedule/pace";

/**
 * What a taker of parsed elements gives back: nothing, or a promise that settles once it has room for more. The read
 * waits on it before it takes the body's next bytes, so a reader faster than its taker runs ahead by a batch or so.
 */
export type RoomForMore = void | Promise<void>;

/** Bytes of elements parsed at once. */
const BATCH_BYTES = 1 << 20;

/** Bytes to text as JSON.parse must see them: UTF-8, a U+FEFF inside kept (a batch ends on an ASCII byte). */
export type BodyText = (bytes: Uint8Array) => string;

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
const utf8Text: BodyText = (bytes) => utf8.decode(bytes);

/** How one body is read: see readJsonBody. */
export interface BodyReading {
  batchBytes?: number;
  onItems?: (items: unknown[]) => RoomForMore;
  onParsed?: (bytes: number) => void;
  onRead?: () => void;
  /** The runtime's fastest decoding of the same text (default TextDecoder's). */
  text?: BodyText;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const isWhitespace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * The body's stream failed after the answer's headers came (a socket closed before the length promised, a proxy
 * cutting the answer): the service was reached and its answer broke off, `bytes` into it.
 */
export class BodyBrokeOff extends Error {
  constructor(
    /** Undefined when the body was read whole and nothing says how far it got. */
    readonly bytes: number | undefined,
    readonly reason: unknown,
  ) {
    super("the body broke off");
  }
}

/** The body is not JSON: `empty` when it had no bytes at all. */
export class JsonBodyError extends Error {
  constructor(readonly empty: boolean) {
    super(empty ? "empty" : "cut off or malformed");
  }
}

function joined(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The state of one read: where it is in the top-level array, and the bytes of elements not yet parsed. */
class ArrayReader {
  readonly items: unknown[] = [];
  /** Before the body's first byte that is not whitespace; inside its array; read whole; after its array. */
  mode: "start" | "array" | "whole" | "ended" = "start";
  private depth = 0;
  private inString = false;
  private escaped = false;
  private parts: Uint8Array[] = [];
  private size = 0;
  /** The batch being gathered began after a comma the read split at: it must hold an element. */
  private afterSplit = false;
  /** Finding where elements end byte by byte (after a cut by trial failed), rather than by trial. */
  private scanning = false;
  /** Bytes of the body parsed so far (its elements handed on). */
  private parsedBytes = 0;
  constructor(
    private readonly batchBytes: number,
    /** Given each batch of elements as it is parsed, instead of keeping them in `items`. */
    private readonly onItems?: (items: unknown[]) => RoomForMore,
    /** Told the bytes parsed so far before each batch is handed on. */
    private readonly onParsed?: (bytes: number) => RoomForMore,
    private readonly text: BodyText = utf8Text,
  ) {}

  /** What the taker's batches gave back since the read last waited on them. */
  rooms: Promise<void>[] = [];

  /** Settles once every room given back has: the read goes on then. */
  roomsSettled(): Promise<unknown> {
    const rooms = this.rooms;
    this.rooms = [];
    return Promise.all(rooms);
  }

  private readonly texts = new Map<string, string>();

  /**
   * The bytes of one arrival; `first` is where the array's content starts (just after its `[`), and `fresh` drops
   * the bytes kept before it.
   */
  feed(chunk: Uint8Array, first = 0, fresh = false): void {
    if (fresh) this.drop();
    if (this.scanning) return this.scan(chunk, first);
    this.take(chunk.subarray(first));
  }

  /**
   * The next batch of the bytes gathered, parsed and handed on when there is a batch's worth: true when one was (the
   * caller asks again, with a turn for the page between: an arrival of many megabytes is many batches).
   */
  cutNext(): boolean {
    if (this.mode !== "array" || this.scanning || this.size < this.batchBytes) return false;
    return this.cut();
  }

  /** After the body's last byte, when no byte scan found the array's end: the last batch, to the `]` and after. */
  finish(): void {
    if (this.mode !== "array" || this.scanning) return;
    const bytes = joined(this.parts);
    this.parsedBytes += bytes.length;
    const text = this.text(bytes);
    this.drop();
    // The batch starts at the top level (at an element, after a cut), so this is the array's end: its last
    // elements, `]`, then only whitespace.
    const batch = parsed(`[${text}`) as unknown[];
    this.mode = "ended";
    this.hand(batch);
  }

  /**
   * A batch gathered, cut by trial after its last `},{`: when the text before the `,` parses as elements, the cut was
   * at the top level (tokens read from the top level, balanced at the cut) and the rest starts the next batch. When
   * it does not, the batch is read again byte by byte, and so is the rest of the body. Rows larger than a few batches,
   * or elements that are no objects, are found byte by byte too.
   */
  private cut(): boolean {
    const bytes = joined(this.parts);
    // A batch's worth at most (the rest waits for the next cut); a row longer than that, up to its end.
    let at = lastObjectEnd(bytes, this.batchBytes);
    if (at < 0) at = lastObjectEnd(bytes);
    if (at < 0) {
      if (this.size >= 4 * this.batchBytes) this.rescan(bytes);
      return false;
    }
    let batch: unknown[];
    try {
      batch = JSON.parse(`[${this.text(bytes.subarray(0, at + 1))}]`) as unknown[];
    } catch {
      this.rescan(bytes);
      return false;
    }
    this.parts = [bytes.subarray(at + 2)];
    this.size = bytes.length - at - 2;
    this.afterSplit = true;
    this.parsedBytes += at + 2;
    this.hand(batch);
    return true;
  }

  /** The gathered bytes, from the top level of the array, read again byte by byte (and all that follow). */
  private rescan(bytes: Uint8Array): void {
    this.scanning = true;
    this.drop();
    this.scan(bytes, 0);
  }

  /** Finds where elements end byte by byte, parsing a batch at the first top-level comma past its size. */
  private scan(chunk: Uint8Array, first: number): void {
    let from = first;
    let backslash = -1;
    for (let i = first; i < chunk.length; i++) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          continue;
        }
        // Straight to the string's closing quote, unless a backslash comes first (names rarely hold one); an
        // index of -1 (none in this chunk) read as unsigned is past the chunk's end.
        if (backslash < i) backslash = chunk.indexOf(BACKSLASH, i) >>> 0;
        const quote = chunk.indexOf(QUOTE, i) >>> 0;
        i = Math.min(quote, backslash);
        if (i >= chunk.length) break;
        if (chunk[i] === BACKSLASH) this.escaped = true;
        else this.inString = false;
        continue;
      }
      const c = chunk[i];
      if (c === QUOTE) this.inString = true;
      else if (c === OPEN_ARRAY || c === OPEN_OBJECT) this.depth++;
      else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && this.depth > 0) this.depth--;
      else if (c === CLOSE_ARRAY) {
        this.take(chunk.subarray(from, i));
        this.parse(false);
        this.mode = "ended";
        return this.trailing(chunk.subarray(i + 1));
      } else if (c === COMMA && this.depth === 0 && this.size + i - from >= this.batchBytes) {
        this.take(chunk.subarray(from, i));
        this.parse(true);
        from = i + 1;
      }
    }
    this.take(chunk.subarray(from));
  }

  /** After the array: nothing but whitespace. */
  trailing(chunk: Uint8Array): void {
    for (const c of chunk) if (!isWhitespace(c)) throw new JsonBodyError(false);
  }

  /** The whole body's bytes (a body that is not an array). */
  keep(chunk: Uint8Array): void {
    this.take(chunk);
  }

  wholeBody(): unknown {
    return JSON.parse(new TextDecoder().decode(joined(this.parts)));
  }

  /** Whether the read stopped inside the array (the body was cut off). */
  get open(): boolean {
    return this.mode === "array";
  }

  private drop(): void {
    this.parts = [];
    this.size = 0;
  }

  private take(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.parts.push(bytes);
    this.size += bytes.length;
  }

  /** Parses the batch gathered; `split`: it ends at a comma, and the next batch must hold an element too. */
  private parse(split: boolean): void {
    const bytes = joined(this.parts);
    this.parsedBytes += bytes.length + 1;
    const text = this.text(bytes);
    this.drop();
    if ((split || this.afterSplit) && text.trim() === "") throw new JsonBodyError(false);
    this.afterSplit = split;
    this.hand(parsed(`[${text}]`) as unknown[]);
  }

  /**
   * A batch's elements, to `onItems` as they are (the caller lets them go), or kept with their texts shared (a read
   * whole is held whole).
   */
  private hand(batch: unknown[]): void {
    this.onParsed?.(this.parsedBytes);
    if (this.onItems) {
      const room = batch.length > 0 ? this.onItems(batch) : undefined;
      if (room) this.rooms.push(room);
      return;
    }
    for (const item of batch) this.items.push(this.shared(item));
  }

  /**
   * A row's text values as one string each: JSON.parse makes a string per occurrence, and a week of a large
   * retailer repeats its week, 800 store names and 150 product names 120,000 times. Swapped while the batch is
   * young, the copies go in the next minor GC instead of living as long as the answer (about half its memory).
   */
  private shared(item: unknown): unknown {
    if (item === null || typeof item !== "object" || Array.isArray(item)) return item;
    const row = item as Record<string, unknown>;
    for (const key in row) {
      const v = row[key];
      if (typeof v !== "string") continue;
      const kept = this.texts.get(v);
      if (kept === undefined) this.texts.set(v, v);
      else row[key] = kept;
    }
    return row;
  }
}

/** JSON.parse, refusing as the body's reader refuses. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new JsonBodyError(false);
  }
}

/**
 * The index of the last `}` followed by `,{` (the end of a row, when the cut is at the top level) before `end`, or
 * -1.
 */
function lastObjectEnd(bytes: Uint8Array, end = bytes.length): number {
  for (let i = bytes.lastIndexOf(COMMA, end); i > 0; i = bytes.lastIndexOf(COMMA, i - 1))
    if (bytes[i - 1] === CLOSE_OBJECT && bytes[i + 1] === OPEN_OBJECT) return i - 1;
  return -1;
}

/** The index of the body's first byte that is not whitespace (after a byte order mark), or -1 when there is none. */
function firstByte(chunk: Uint8Array, seen: number): number {
  const bom = seen === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf;
  for (let i = bom ? 3 : 0; i < chunk.length; i++) if (!isWhitespace(chunk[i])) return i;
  return -1;
}

/**
 * The body parsed as JSON, as its bytes arrive: an array element by element in batches, anything else whole. A
 * JsonBodyError when it is not JSON (empty, cut off, malformed); a failure of the stream itself as a BodyBrokeOff; an
 * error thrown by `onItems` as it is (the rest of the body is then not read). With `onItems`, an array's elements are given to
 * it batch by batch as they are parsed, none kept: the array comes back empty, and JSON the bytes turn out not to be
 * is found only once some batches have been given (the caller decides what they meant only at the end). When
 * `onItems` gives back a promise (RoomForMore), the body's next bytes are read only once it has settled.
 * `onParsed` is told the bytes of the array parsed so far, before each batch is handed on; `onRead`, each time bytes
 * arrive and each time those have been handed on (the caller's deadline waits for the next bytes from then).
 */
export async function readJsonBody(
  body: ReadableStream<Uint8Array>,
  { batchBytes = BATCH_BYTES, onItems, onParsed, onRead, text }: BodyReading = {},
): Promise<unknown> {
  const r = new ArrayReader(batchBytes, onItems, onParsed, text);
  const stream = body.getReader();
  // Bytes already received come back from read() at once: parsing them all in one go would hold the thread.
  const pace = pacer();
  let seen = 0;
  let received = 0;
  try {
    for (;;) {
      const turn = pace();
      if (turn) await turn;
      const { done, value } = await stream.read().catch((reason: unknown) => {
        throw new BodyBrokeOff(received, reason);
      });
      if (done) break;
      onRead?.();
      received += value.length;
      if (r.mode === "start") {
        const at = firstByte(value, seen);
        seen += value.length;
        // Kept from the first byte: a body read whole is decoded as response.text() decodes it.
        r.keep(value);
        if (at < 0) continue;
        r.mode = value[at] === OPEN_ARRAY ? "array" : "whole";
        if (r.mode === "array") r.feed(value, at + 1, true);
      } else if (r.mode === "array") r.feed(value);
      else if (r.mode === "whole") r.keep(value);
      else r.trailing(value);
      if (r.rooms.length > 0) await r.roomsSettled();
      while (r.cutNext()) {
        const turn = pace();
        if (turn) await turn;
        if (r.rooms.length > 0) await r.roomsSettled();
      }
      // The rows went on: the wait for the next bytes starts now, not while the engine took these.
      onRead?.();
    }
  } catch (error) {
    await stream.cancel().catch(() => undefined);
    throw error;
  }
  if (r.mode === "start") throw new JsonBodyError(seen === 0);
  r.finish();
  if (r.open) throw new JsonBodyError(false);
  if (r.mode === "ended") return r.items;
  try {
    return r.wholeBody();
  } catch {
    throw new JsonBodyError(false);
  }
}

/** A body's whole text parsed (a fetch without body streams); a JsonBodyError when it is not JSON. */
export function jsonText(text: string): unknown {
  if (text === "") throw new JsonBodyError(true);
  try {
    return JSON.parse(text);
  } catch {
    throw new JsonBodyError(false);
  }
}
