// Writes one at a time: the one way the add-in and the sync take turns. Each asker gets its turn after those who
// asked before it with the same key (a failure ends a turn like a success), so two writes of one table, or of
// the workbook's Sales Data tables, never interleave. A wait may be bounded: the asker then gives up, said by the
// caller's error, and its turn passes on untaken.

/** How long an asker waits for its turn before giving up, and the error it then gives up with. */
export interface TurnWait {
  ms: number;
  busy: () => Error;
}

export class Turns {
  /** Per key, the end of the last turn asked for: the next asker's turn starts when it settles. */
  private readonly tails = new Map<string, Promise<void>>();

  /** Waits for `key`'s turn; resolves with the function that ends it. Rejects with `wait.busy()` after `wait.ms`. */
  async take(key = "", wait?: TurnWait): Promise<() => void> {
    const before = this.tails.get(key);
    let end!: () => void;
    const mine = new Promise<void>((resolve) => (end = resolve));
    const tail = (before ?? Promise.resolve()).then(() => mine);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    if (before && wait && !(await settlesWithin(before, wait.ms))) {
      end(); // given up: the turn passes on once the one before ends
      throw wait.busy();
    }
    await before;
    return end;
  }

  /** Runs `work` in `key`'s turn, and ends the turn when it settles. */
  async run<T>(work: () => Promise<T>, key = ""): Promise<T> {
    const end = await this.take(key);
    try {
      return await work();
    } finally {
      end();
    }
  }
}

/** Whether `p` settles within `ms` (a turn's end never rejects). */
async function settlesWithin(p: Promise<void>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, ms))));
  try {
    return await Promise.race([p.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A fresh set of turns under one key: `turn(work)` runs each work after the one before it ended. */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  const turns = new Turns();
  return (work) => turns.run(work);
}
