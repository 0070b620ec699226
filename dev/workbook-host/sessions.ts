// Co-authoring, as in Excel on the web: several people, each with the add-in open, on one workbook. Each
// session has its own Excel.run (its own request contexts and add-in state) over the one workbook model and
// its settings. Every sync of every session waits for its turn; a turn applies one whole sync (or one action
// of a person typing in the grid) at once, and the other sessions see it from their next sync on. Whenever
// every session still running is waiting at a sync point, `pick` chooses whose turn it is: a test enumerates
// the orders in which two sessions' syncs can apply.

/** The shape of Excel.run. */
export type HostRun = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

export interface HostSession {
  /** The session's index in the task list. */
  readonly index: number;
  /** This session's Excel.run: each of its syncs waits for a turn, then applies whole. */
  readonly run: HostRun;
  /** A person's action in the grid (host.typeCell(...), host.moveTableColumn(...)): one turn of this session. */
  act(change: () => void): Promise<void>;
}

/** What one session does (a refresh through session.run, a person typing through session.act). */
export type SessionTask<T> = (session: HostSession) => Promise<T>;

/**
 * Whose turn it is: one of `waiting` (the indexes of the sessions waiting at a sync point, ascending). `turn`
 * counts the turns applied before this one.
 */
export type PickTurn = (waiting: readonly number[], turn: number) => number;

export interface Interleaving<T> {
  /** Each task's result, in task order. */
  results: PromiseSettledResult<T>[];
  /** The session of each turn applied, in order: the interleaving that ran. */
  turns: number[];
}

/**
 * Runs the tasks as sessions over one workbook (`runWith` makes a session's run from its turn gate) until all
 * have settled. Turns are given only while every running session waits, so a session busy elsewhere (a fetch
 * from the service, its own code) is waited for: the order depends on `pick` alone. A session that waits on
 * another session in any other way (a lock in shared module state) never reaches its sync point: that hangs,
 * as it would deadlock two people; each session must keep its own add-in state.
 */
export async function interleave<T>(
  runWith: (turn: () => Promise<void>) => HostRun,
  tasks: readonly SessionTask<T>[],
  pick: PickTurn,
): Promise<Interleaving<T>> {
  const waiting = new Map<number, (() => void)[]>();
  const running = new Set(tasks.map((_, i) => i));
  const turns: number[] = [];
  let misuse: Error | undefined;

  const next = (): void => {
    if (running.size === 0 || [...running].some((s) => !waiting.has(s))) return;
    const ready = [...waiting.keys()].sort((a, b) => a - b);
    let chosen = pick(ready, turns.length);
    if (!ready.includes(chosen)) {
      misuse ??= new RangeError(`pick chose session ${chosen}; waiting: ${ready.join(", ")}`);
      chosen = ready[0];
    }
    const queue = waiting.get(chosen)!;
    const release = queue.shift()!;
    if (queue.length === 0) waiting.delete(chosen);
    turns.push(chosen);
    release();
  };
  const turnOf = (s: number) => (): Promise<void> =>
    new Promise<void>((release) => {
      const queue = waiting.get(s) ?? [];
      queue.push(release);
      waiting.set(s, queue);
      next();
    });
  const sessions: HostSession[] = tasks.map((_, index) => {
    const turn = turnOf(index);
    return {
      index,
      run: runWith(turn),
      act: async (change) => {
        await turn();
        change();
      },
    };
  });
  const results = await Promise.allSettled(
    tasks.map((task, i) =>
      Promise.resolve()
        .then(() => task(sessions[i]))
        .finally(() => {
          running.delete(i);
          next();
        }),
    ),
  );
  if (misuse) throw misuse;
  return { results, turns };
}
