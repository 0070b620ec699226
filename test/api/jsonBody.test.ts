// An answer's JSON read as its bytes arrive (src/api/jsonBody.ts): whatever the text and however its bytes are cut
// into arrivals, the body read this way equals JSON.parse of the whole text (as response.text() decodes it), and a
// text JSON.parse refuses is refused. Batches of a few bytes make every array split many times.
import fc from "fast-check";
import { JsonBodyError, jsonText, readJsonBody, type BodyText } from "../../src/api/jsonBody";
import { nodeText } from "../../src/cli/nodeText";
import { runs } from "../support/properties";

/** The bytes as a stream, cut at the given points. */
function streamOf(bytes: Uint8Array, cuts: readonly number[]): ReadableStream<Uint8Array> {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts = [0, ...at, bytes.length].slice(1).map((end, i, ends) => bytes.slice(i === 0 ? 0 : ends[i - 1], end));
  return new ReadableStream({
    start(controller) {
      for (const part of parts) if (part.length > 0) controller.enqueue(part);
      controller.close();
    },
  });
}

/** What reading the whole text says: the value, or that it is not JSON. */
function wholeRead(bytes: Uint8Array): { value: unknown } | { refused: true } {
  try {
    return { value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { refused: true };
  }
}

async function streamedRead(bytes: Uint8Array, cuts: number[], batchBytes: number, text?: BodyText) {
  try {
    return { value: await readJsonBody(streamOf(bytes, cuts), { batchBytes, text }) };
  } catch (error) {
    expect(error).toBeInstanceOf(JsonBodyError);
    return { refused: true as const };
  }
}

/** The same, an array's elements handed on batch by batch (as the sync reads): the batches joined. */
async function handedRead(bytes: Uint8Array, cuts: number[], batchBytes: number, text?: BodyText) {
  const handed: unknown[] = [];
  try {
    const onItems = (items: unknown[]) => {
      handed.push(...items);
    };
    const value = await readJsonBody(streamOf(bytes, cuts), { batchBytes, onItems, text });
    return { value: Array.isArray(value) ? [...handed, ...value] : value };
  } catch (error) {
    expect(error).toBeInstanceOf(JsonBodyError);
    return { refused: true as const };
  }
}

const encode = (text: string) => new TextEncoder().encode(text);
const value = fc.jsonValue({ stringUnit: "binary", maxDepth: 3 });
const texts = fc.oneof(
  fc.array(value).map((v) => JSON.stringify(v)),
  fc.array(value).map((v) => `\ufeff \n${JSON.stringify(v, null, 2)}\n`),
  value.map((v) => JSON.stringify(v)),
);
const cuts = fc.array(fc.nat(), { maxLength: 8 });
/** The pane's decoding (TextDecoder) or the command's (src/cli/nodeText.ts): the same values either way. */
const decodings = fc.constantFrom<BodyText | undefined>(undefined, nodeText);
/** Arrays of rows, as the service sends them: objects whose texts may hold `},{`, and values that nest objects. */
const rowText = fc.constantFrom("a", "},{", '"},{"', "\\", "],[", "é");
const rowValue = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(rowText).map((t) => t.join("")),
  fc.constant(null),
  fc.array(fc.dictionary(fc.constantFrom("x", "y"), fc.integer()), { maxLength: 2 }),
);
const rowTexts = fc
  .array(fc.dictionary(fc.constantFrom("week", "sku", "name", "revenue"), rowValue), { maxLength: 12 })
  .map((rows) => JSON.stringify(rows));

test("a JSON text read as its bytes arrive equals JSON.parse of the whole text", async () => {
  await fc.assert(
    fc.asyncProperty(texts, cuts, fc.integer({ min: 1, max: 40 }), decodings, async (text, at, batch, decoding) => {
      const bytes = encode(text);
      expect(await streamedRead(bytes, at, batch, decoding)).toEqual(wholeRead(bytes));
    }),
    runs(5000, 300), // 300 still finds a backslash that no longer escapes (README, "Test run time")
  );
});

test("a text cut off, or with a byte put in or taken out, is refused exactly when JSON.parse refuses it", async () => {
  const edit = fc.oneof(
    fc.record({ kind: fc.constant("cut" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("drop" as const), at: fc.nat() }),
    fc.record({
      kind: fc.constant("put" as const),
      at: fc.nat(),
      text: fc.constantFrom(",", "[", "]", "{", "}", '"', "\\", " ", "x", "1"),
    }),
  );
  await fc.assert(
    fc.asyncProperty(texts, edit, cuts, fc.integer({ min: 1, max: 40 }), async (text, e, at, batch) => {
      const i = e.at % (text.length + 1);
      const edited =
        e.kind === "cut"
          ? text.slice(0, i)
          : e.kind === "drop"
            ? text.slice(0, i) + text.slice(i + 1)
            : text.slice(0, i) + e.text + text.slice(i);
      const bytes = encode(edited);
      expect(await streamedRead(bytes, at, batch)).toEqual(wholeRead(bytes));
    }),
    runs(5000, 300),
  );
});

test("rows (objects) read as they arrive, batches cut between rows by trial: equal to JSON.parse, whole or handed on", async () => {
  await fc.assert(
    fc.asyncProperty(rowTexts, cuts, fc.integer({ min: 1, max: 60 }), decodings, async (text, at, batch, decoding) => {
      const bytes = encode(text);
      expect(await streamedRead(bytes, at, batch, decoding)).toEqual(wholeRead(bytes));
      expect(await handedRead(bytes, at, batch, decoding)).toEqual(wholeRead(bytes));
    }),
    runs(5000, 300),
  );
});

test("rows with a byte put in, taken out or cut off are refused exactly when JSON.parse refuses them, handed on or not", async () => {
  const edit = fc.record({ at: fc.nat(), text: fc.constantFrom("", ",", "]", "}", '"', "{", " x") });
  await fc.assert(
    fc.asyncProperty(
      rowTexts,
      edit,
      fc.nat(),
      cuts,
      fc.integer({ min: 1, max: 60 }),
      async (text, e, drop, at, batch) => {
        const i = e.at % (text.length + 1);
        const edited = text.slice(0, i) + e.text + text.slice(i + (drop % 2));
        const bytes = encode(edited);
        expect(await streamedRead(bytes, at, batch)).toEqual(wholeRead(bytes));
        expect(await handedRead(bytes, at, batch)).toEqual(wholeRead(bytes));
      },
    ),
    runs(5000, 300),
  );
});

test("an empty body is said to be empty; a trailing comma and text after the array are refused", async () => {
  await expect(readJsonBody(streamOf(new Uint8Array(), []))).rejects.toMatchObject({ empty: true });
  await expect(readJsonBody(streamOf(encode("  "), []))).rejects.toMatchObject({ empty: false });
  for (const text of ["[1,2,]", "[1,2] x", "[1,,2]", "[1, 2", '["a\\"]']) {
    await expect(readJsonBody(streamOf(encode(text), [2]), { batchBytes: 2 })).rejects.toThrow(JsonBodyError);
  }
  const nested = '[{"a":"]},[\\"x"},{"b":[1,{"c":2}]}]';
  expect(await readJsonBody(streamOf(encode(nested), [3, 9]), { batchBytes: 1 })).toEqual(JSON.parse(nested));
  expect(JSON.parse(nested)).toEqual([{ a: ']},["x' }, { b: [1, { c: 2 }] }]);
});

test("a fetch without body streams: the whole text parsed, empty and malformed said the same way", () => {
  expect(jsonText('[{"a":1}]')).toEqual([{ a: 1 }]);
  expect(() => jsonText("")).toThrow(new JsonBodyError(true));
  expect(() => jsonText("[1,")).toThrow(new JsonBodyError(false));
});

test("a taker that gives back a promise holds the body's next bytes until it settles", async () => {
  // Ten arrivals of one row each, pulled only when the reader asks: what it has pulled shows how far it ran ahead.
  const rows = Array.from({ length: 10 }, (_, i) => `{"n":${i}}`);
  const arrivals = rows.map((r, i) => encode(`${i === 0 ? "[" : ","}${r}${i === rows.length - 1 ? "]" : ""}`));
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === arrivals.length) return controller.close();
        controller.enqueue(arrivals[pulled++]);
      },
    },
    { highWaterMark: 0 },
  );
  const handed: unknown[] = [];
  let release: () => void = () => undefined;
  const onItems = (items: unknown[]) => {
    handed.push(...items);
    if (handed.length === 3) return new Promise<void>((resolve) => (release = resolve));
  };
  const read = readJsonBody(body, { batchBytes: 1, onItems });
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Held after the third row's batch: the rest of the body is not read while the taker has no room.
  expect(handed).toHaveLength(3);
  expect(pulled).toBeLessThanOrEqual(5);
  release();
  expect(await read).toEqual([]);
  expect(handed).toEqual(rows.map((r) => JSON.parse(r)));
  expect(pulled).toBe(arrivals.length);
});
