// Blocks of rows handed from a read to a load as they are made: the read pushes each batch's block as the answer is
// parsed, the engine's bulk load takes them in order, so a chunk's rows are never held whole. The reads (several
// answers at once) parse faster than an engine loads, so a push past WAITING_BLOCKS gives back a promise that
// settles once the load has taken one: the read waits on it before it takes more of its body (jsonBody.ts RoomForMore).
// Without that the reads ran ahead by tens of blocks (170,000 rows on a large brand's window), each living long
// enough to be copied by the collector into the old generation, and memory grew with how far behind the load was.
import type { RowBlock } from "./rowBlock";

/** Blocks waiting for the load before a push asks its read to wait. */
const WAITING_BLOCKS = 4;

export class BlockQueue implements AsyncIterable<RowBlock> {
  private readonly blocks: RowBlock[] = [];
  private wake: (() => void) | null = null;
  /** Reads waiting for room, oldest first. */
  private readonly held: (() => void)[] = [];
  private ended = false;
  private failure: { error: unknown } | null = null;

  /** A block, in turn; a promise when WAITING_BLOCKS are already waiting, settled once the load has taken one. */
  push(block: RowBlock): Promise<void> | undefined {
    if (block.length === 0) return undefined;
    this.blocks.push(block);
    this.wakeUp();
    if (this.blocks.length <= WAITING_BLOCKS) return undefined;
    return new Promise<void>((resolve) => this.held.push(resolve));
  }

  /** Blocks pushed and not yet taken. */
  get waiting(): number {
    return this.blocks.length;
  }

  /** No more blocks: the load ends once it has taken those pushed. */
  end(): void {
    this.ended = true;
    this.wakeUp();
  }

  /** The read failed: the load stops with its error. */
  fail(error: unknown): void {
    this.failure = { error };
    this.wakeUp();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<RowBlock> {
    try {
      for (;;) {
        if (this.failure) throw this.failure.error;
        const block = this.blocks.shift();
        if (block) {
          this.held.shift()?.();
          yield block;
        } else if (this.ended) return;
        else await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      // The load stopped (done, or failed): no read may wait for it any longer.
      for (const resolve of this.held.splice(0)) resolve();
    }
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
