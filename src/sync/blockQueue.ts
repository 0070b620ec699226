// Blocks of rows handed from a read to a load as they are made: the read pushes each batch's block as the answer is
// parsed, the engine's bulk load takes them in order, so a chunk's rows are never held whole. The read runs ahead of
// the load only by the blocks parsed while the load waits on the engine.
import type { RowBlock } from "./rowBlock";

export class BlockQueue implements AsyncIterable<RowBlock> {
  private readonly blocks: RowBlock[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  private failure: { error: unknown } | null = null;

  push(block: RowBlock): void {
    if (block.length === 0) return;
    this.blocks.push(block);
    this.wakeUp();
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
    for (;;) {
      if (this.failure) throw this.failure.error;
      const block = this.blocks.shift();
      if (block) yield block;
      else if (this.ended) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
