// A request's deadline: until its answer begins, one budget covers every attempt and every wait between them; once
// bytes arrive, the budget is for the next bytes, renewed as each comes. An answer of millions of rows takes as long
// as it takes to send and to load, so long as it keeps coming (docs/client.md, "Resilience").

/** The deadline of one request: its signal aborts with a TimeoutError when the budget runs out. */
export class RequestDeadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the answer's bytes had begun when the budget ran out (a stalled answer, not a silent service). */
  stalled = false;
  private flowing = false;

  constructor(private readonly ms: number) {
    this.start();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Bytes came (or the reader took its next turn): the budget starts again for what comes next. */
  renew(): void {
    this.flowing = true;
    this.start();
  }

  /** The request ended, however: nothing keeps the timer. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private start(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.stalled = this.flowing;
      this.controller.abort(new DOMException("The request's deadline passed.", "TimeoutError"));
    }, this.ms);
  }
}
