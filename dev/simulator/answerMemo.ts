// Answers the simulator already built, kept for the same question on the same day. A route's answer is a pure
// function of its path, its query string and the simulator's day (the catalog and the value model never change
// after start), so a test that asks again (every failure point of a refresh, every co-author order) is sent the
// same text without it being built again. Opt-in (SimulatorOptions.rememberAnswers): the test harness turns it on;
// the benches and `npm start` build every answer, as the benches time that.
import { PartedBody } from "./data";
import type { ApiResult } from "./routes";

export interface AnswerMemoLimits {
  /** Answers larger than this (in characters or bytes) are built each time. */
  maxAnswer: number;
  /** What all kept answers may add up to; the oldest are forgotten first. */
  maxTotal: number;
}

const DEFAULT_LIMITS: AnswerMemoLimits = { maxAnswer: 1_000_000, maxTotal: 16_000_000 };

export class AnswerMemo {
  private readonly answers = new Map<string, ApiResult & { body: string | Buffer }>();
  private total = 0;

  constructor(private readonly limits: AnswerMemoLimits = DEFAULT_LIMITS) {}

  /** The answer kept for `key`, or the one `build` makes (kept when it succeeded and is small enough). */
  answer(key: string, build: () => ApiResult): ApiResult {
    const kept = this.answers.get(key);
    if (kept) return kept;
    const built = build();
    const { body } = built;
    if (body instanceof PartedBody) return built; // sent as it is built: never held whole
    const size = body.length;
    if (built.status !== 200 || size > this.limits.maxAnswer) return built;
    for (const [oldKey, old] of this.answers) {
      if (this.total + size <= this.limits.maxTotal) break;
      this.answers.delete(oldKey);
      this.total -= old.body.length;
    }
    this.answers.set(key, { ...built, body });
    this.total += size;
    return built;
  }
}
