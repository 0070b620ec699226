// One function turns any failure into user text: a UserError as written, Excel's errors and the rest framed by
// the caller, and never a crash on whatever was thrown.
import fc from "fast-check";
import { UserError, errorText, plainText } from "../../src/core/errorText";

test("a UserError's message is already user text", () => {
  expect(errorText(new UserError("The table was renamed."))).toBe("The table was renamed.");
  expect(errorText(new UserError("x"), { other: () => "framed", excel: () => "framed" })).toBe("x");
});

test("Excel's errors (RichApi.Error, or anything with a code) get the caller's Excel framing", () => {
  const excel = Object.assign(new Error("The request payload size has exceeded the limit."), {
    name: "RichApi.Error",
    code: "RequestPayloadSizeLimitExceeded",
  });
  expect(errorText(excel)).toBe(
    "Excel could not complete the change (RequestPayloadSizeLimitExceeded). Nothing else was changed; try again, or write to a new sheet.",
  );
  expect(errorText(excel, { excel: (code, message) => `${code}: ${message}` })).toBe(
    "RequestPayloadSizeLimitExceeded: The request payload size has exceeded the limit.",
  );
  expect(errorText({ code: "InvalidArgument" }, { excel: (code, m) => `[${code}|${m}]` })).toBe("[InvalidArgument|]");
});

test("anything else gets the caller's other framing, or a plain next step", () => {
  expect(errorText(new TypeError("x is undefined"))).toBe(
    "Something went wrong. Try again; if it keeps happening, reload the add-in.",
  );
  expect(errorText(new TypeError("x is undefined"), { other: (m) => `Failed: ${m}` })).toBe("Failed: x is undefined");
  expect(errorText("plain words", { other: (m) => m })).toBe("plain words");
  expect(errorText(Object.create(null), { other: (m) => m })).toBe("[object Object]");
});

test("whatever is thrown, the answer is text", () => {
  fc.assert(
    fc.property(fc.anything({ withNullPrototype: true }), (thrown) => {
      expect(typeof errorText(thrown, { other: (m) => m })).toBe("string");
    }),
  );
});

test("plainText is String(value), and text for an object without a prototype too", () => {
  expect(plainText(42)).toBe("42");
  expect(plainText(undefined)).toBe("undefined");
  expect(plainText(Object.create(null))).toBe("[object Object]");
  fc.assert(fc.property(fc.anything({ withNullPrototype: true }), (v) => expect(typeof plainText(v)).toBe("string")));
});
