// toFunctionError: every failure as the #VALUE! or #N/A a cell shows, with today's words for each kind.
import { SalesApiError } from "../../src/api/errors";
import { ArgumentError } from "../../src/core/query/args";
import { UserError } from "../../src/core/errorText";
import { WorkbookError } from "../../src/excel/errors";
import { FunctionError, toFunctionError } from "../../src/functions/errors";
import { NO_KEY_MESSAGE } from "../../src/session";

describe("toFunctionError", () => {
  test("a FunctionError is kept as it is", () => {
    const e = new FunctionError("#VALUE!", "from: no", "from");
    expect(toFunctionError(e)).toBe(e);
  });

  test("a bad argument and a validation failure give #VALUE! naming the argument", () => {
    expect(toFunctionError(new ArgumentError("from", "from: not a date"))).toMatchObject({
      code: "#VALUE!",
      message: "from: not a date",
      argument: "from",
    });
    const validation = new SalesApiError("validation", "Pick exactly one metric.", { field: "metrics" });
    expect(toFunctionError(validation, { metrics: "metric" })).toMatchObject({
      code: "#VALUE!",
      message: "metric: Pick exactly one metric.",
      argument: "metric",
    });
    expect(toFunctionError(new SalesApiError("validation", "Something is off."))).toMatchObject({
      code: "#VALUE!",
      message: "Something is off.",
      argument: undefined,
    });
  });

  test("the client's other failures give #N/A with its words; no key and cancelled have their own", () => {
    expect(toFunctionError(new SalesApiError("service", "HTTP 503: try later."))).toMatchObject({
      code: "#N/A",
      message: "HTTP 503: try later.",
    });
    expect(toFunctionError(new SalesApiError("auth", NO_KEY_MESSAGE))).toMatchObject({
      code: "#N/A",
      message: NO_KEY_MESSAGE,
    });
    expect(toFunctionError(new SalesApiError("cancelled", "The request was cancelled."))).toMatchObject({
      code: "#N/A",
      message: "The request was cancelled. Recalculate to try again.",
    });
  });

  test("anything else gives #N/A: 'Sales Data could not compute this: ' and its message", () => {
    const cases: [unknown, string][] = [
      [new Error("boom"), "boom"],
      [new TypeError("x is undefined"), "x is undefined"],
      [Object.assign(new Error("Excel said no"), { name: "RichApi.Error", code: "InvalidArgument" }), "Excel said no"],
      [Object.assign(new Error("reset"), { code: "ECONNRESET" }), "reset"],
      [new WorkbookError("changed", "The table changed."), "The table changed."],
      [new UserError("Already worded."), "Already worded."],
      ["a string", "a string"],
      [42, "42"],
      [undefined, "undefined"],
      [{ code: "X", message: "an object" }, "[object Object]"],
      [Object.create(null), "[object Object]"], // String() throws on it
      [Object.assign(Object.create(null), { message: "no prototype" }), "[object Object]"],
    ];
    for (const [err, text] of cases) {
      const e = toFunctionError(err);
      expect(e).toBeInstanceOf(FunctionError);
      expect([text, e.code, e.message]).toEqual([text, "#N/A", `Sales Data could not compute this: ${text}`]);
    }
  });
});
