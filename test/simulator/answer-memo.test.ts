// A simulator that remembers its answers (the test harness's) says exactly what one that builds every answer
// says: the same status, headers and bytes, for questions asked again, after its clock moves, for questions it
// refuses, and with a fault injected over a remembered answer. And the memo keeps within its limits.
import { AnswerMemo } from "../../dev/simulator/answerMemo";
import type { RunningSimulator } from "../../dev/simulator/index";
import type { ApiResult } from "../../dev/simulator/routes";
import { addDays, client, start, TODAY } from "./helpers";

let plain: RunningSimulator;
let remembering: RunningSimulator;
beforeAll(async () => {
  [plain, remembering] = await Promise.all([start(), start({ rememberAnswers: true })]);
});
afterAll(() => Promise.all([plain.close(), remembering.close()]));

/** What a client sees of one answer. */
async function seen(sim: RunningSimulator, path: string, params: Record<string, string>) {
  const res = await client(sim).get(path, params);
  return {
    status: res.status,
    omitted: res.headers.get("x-service-omitted-metrics"),
    body: await res.text(),
  };
}

const DAILY = {
  type: "sku",
  retailer: "northmart",
  timeframe: "daily",
  metric: "revenue,units,unit_ros", // unit_ros is not daily at northmart: omitted, with the header
  datefrom: addDays(TODAY, -20),
  dateto: addDays(TODAY, -1),
};
const QUESTIONS: [string, Record<string, string>][] = [
  ["/api/data", DAILY],
  ["/api/data", { ...DAILY, retailer: "all", timeframe: "weekly", metric: "revenue,units" }],
  ["/api/data", { ...DAILY, metric: "revenue,not_a_metric" }],
  ["/api/data", { ...DAILY, datefrom: "2026-13-01" }],
  ["/api/list", { type: "metrics", retailer: "northmart" }],
  ["/api/actions", { retailer: "northmart" }],
];

test("every question, asked again and on other days, is answered as a simulator that builds each answer does", async () => {
  const days = [TODAY, addDays(TODAY, 1), TODAY, addDays(TODAY, 3), addDays(TODAY, 3)];
  let compared = 0;
  for (const day of days) {
    plain.simulator.setToday(day);
    remembering.simulator.setToday(day);
    for (const [path, params] of [...QUESTIONS, ...QUESTIONS]) {
      const expected = await seen(plain, path, params);
      expect(await seen(remembering, path, params)).toEqual(expected);
      compared += 1;
    }
  }
  // The days move the recent figures: a memo that ignored the day would have sent an earlier day's answer.
  plain.simulator.setToday(TODAY);
  const before = await seen(plain, "/api/data", DAILY);
  plain.simulator.setToday(addDays(TODAY, 1));
  expect((await seen(plain, "/api/data", DAILY)).body).not.toEqual(before.body);
  expect(compared).toBe(days.length * QUESTIONS.length * 2);
});

test("a fault injected over a remembered answer still reaches the client, and the next answer is whole", async () => {
  remembering.simulator.setToday(TODAY);
  const whole = await seen(remembering, "/api/data", DAILY);
  expect(whole.status).toBe(200);
  expect((await client(remembering).control("faults", { path: "/api/data", body: "malformed" })).status).toBe(200);
  const broken = await seen(remembering, "/api/data", DAILY);
  expect(broken.body).not.toEqual(whole.body);
  expect(() => JSON.parse(broken.body)).toThrow();
  expect(await seen(remembering, "/api/data", DAILY)).toEqual(whole);
});

describe("AnswerMemo's limits", () => {
  const answer = (body: string, status = 200): ApiResult => ({ status, body, headers: {} });
  /** Asks `memo` for `key`, counting the answers it had to build. */
  function asker(memo: AnswerMemo) {
    const built: string[] = [];
    return {
      built,
      ask: (key: string, body: string, status = 200) =>
        memo.answer(key, () => {
          built.push(key);
          return answer(body, status);
        }).body,
    };
  }

  test("an answer asked again is not built again", () => {
    const { built, ask } = asker(new AnswerMemo({ maxAnswer: 10, maxTotal: 30 }));
    expect([ask("a", "aaaa"), ask("a", "other"), ask("b", "bbbb"), ask("a", "other")]).toEqual([
      "aaaa",
      "aaaa",
      "bbbb",
      "aaaa",
    ]);
    expect(built).toEqual(["a", "b"]);
  });

  test("answers over the size limit, and refusals, are built each time", () => {
    const { built, ask } = asker(new AnswerMemo({ maxAnswer: 10, maxTotal: 30 }));
    ask("big", "x".repeat(11));
    ask("big", "x".repeat(11));
    ask("refused", "{}", 400);
    ask("refused", "{}", 400);
    expect(built).toEqual(["big", "big", "refused", "refused"]);
  });

  test("past the total, the oldest answers are forgotten first", () => {
    const { built, ask } = asker(new AnswerMemo({ maxAnswer: 10, maxTotal: 25 }));
    for (const key of ["a", "b", "c"]) ask(key, key.repeat(10)); // 30 > 25: "a" goes
    ask("c", "");
    ask("b", "");
    ask("a", "a".repeat(10)); // built again; "b" goes (30 > 25 once more)
    ask("c", "");
    ask("b", "b".repeat(10));
    expect(built).toEqual(["a", "b", "c", "a", "b"]);
  });
});
