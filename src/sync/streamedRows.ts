// A sync's read of its dates as a stream of blocks for the engine's bulk load: the first chunks are read until one has
// rows (the table's columns come from that answer: held until it ends, or, past 50,000 rows, read to its end for
// them and then read again), then every answer's rows are laid into a block and pushed as each batch is parsed
// (chunkRows.ts streamTo), so no chunk is held whole and memory does not grow with a period's rows; a read waits
// while the load has a few blocks to take (blockQueue.ts). Rows labelled before the window's first day are left out
// and counted (the stored rows cover them). A refused answer fails the stream; the load's transaction throws away what it had taken.
import type { IsoDate } from "../core/dates";
import type { SyncCell } from "./engine";
import { BlockQueue } from "./blockQueue";
import { AnswerRows, type ChunkRows } from "./chunkRows";
import type { QueryTable } from "./queryTable";
import type { RowBlock } from "./rowBlock";
import type { SyncEntry } from "./syncFile";
import { readChunks, type ReadChunk, type SyncReader } from "./syncReads";

export interface StreamedRows {
  /** The table the rows fill. */
  table: QueryTable;
  /** The rows, block by block; null when no answer had any. */
  blocks: AsyncIterable<RowBlock> | null;
  /** Rows read; of them, those handed on and those before the window's first day (left out). */
  counts: { rows: number; fresh: number; early: number };
  /** Stops reading (the load has failed): no more requests are sent. */
  stop(): void;
}

export interface StreamedRead {
  entry: SyncEntry;
  reader: SyncReader;
  maxNameBytes: number;
  dates: { from: IsoDate; to: IsoDate };
  /** The window's first day: rows labelled before it are left out. */
  start?: IsoDate;
  /** The rows of a first answer held until its end (chunkRows.ts HELD_ROWS). */
  heldRows?: number;
  /** Each chunk read: its warnings, and the rows so far. */
  told(chunk: { index: number; count: number; warnings: string[]; rows: number }): void;
}

/** A block without its rows labelled before `start`, and how many there were. */
function fromStart(block: RowBlock, start: IsoDate): { block: RowBlock; early: number } {
  const { width, cells } = block;
  let early = 0;
  for (let i = 0; i < block.length; i++) if ((cells[i * width] as string) < start) early++;
  if (early === 0) return { block, early };
  const kept: SyncCell[] = [];
  for (let i = 0; i < block.length; i++)
    if ((cells[i * width] as string) >= start) for (let j = 0; j < width; j++) kept.push(cells[i * width + j]);
  return { block: { width, length: block.length - early, cells: kept }, early };
}

/** The read of `r.dates` as blocks (see the file's head). */
export async function streamedRows(r: StreamedRead): Promise<StreamedRows> {
  const stopper = new AbortController();
  const signal = r.reader.signal ? AbortSignal.any([r.reader.signal, stopper.signal]) : stopper.signal;
  const answers = new AnswerRows(r.entry, r.maxNameBytes, { ...r.reader, signal }, r.heldRows);
  const chunks = readChunks(r.entry.query, r.dates, answers.read);
  const counts = { rows: 0, fresh: 0, early: 0 };
  const queue = new BlockQueue();
  const handOn = (laid: RowBlock) => {
    counts.rows += laid.length;
    const { block, early } = r.start === undefined ? { block: laid, early: 0 } : fromStart(laid, r.start);
    counts.early += early;
    counts.fresh += block.length;
    return queue.push(block);
  };
  const tell = ({ value, index, count }: ReadChunk<ChunkRows>) => {
    void handOn(value.rows);
    r.told({ index, count, warnings: value.warnings, rows: counts.rows });
  };
  // From the first answer with rows on, each batch is pushed as it is parsed (a first answer too large to hold until
  // it ends tells the table's columns, then is read again); before it, chunks without rows are only counted.
  answers.streamTo(handOn);
  let c = await chunks.next();
  while (!c.done && counts.rows === 0 && !c.value.value.again) {
    tell(c.value);
    c = await chunks.next();
  }
  const stop = () => stopper.abort();
  if (c.done) return { table: answers.table, blocks: null, counts, stop };
  tell(c.value);
  const again = c.value.value.again ? c.value : null;
  void (async () => {
    if (again) tell({ ...again, value: (await answers.read(again.chunk, false)).value });
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) tell(next.value);
    queue.end();
  })().catch((error: unknown) => queue.fail(error));
  return { table: answers.table, blocks: queue, counts, stop };
}
