// The command's decoding of an answer's bytes (src/cli/nodeText.ts): whatever the bytes, the text TextDecoder with
// `ignoreBOM` gives, so JSON.parse sees what the pane's reader would give it.
import fc from "fast-check";
import { nodeText } from "../../src/cli/nodeText";
import { runs } from "../support/properties";

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

test("ASCII, UTF-8 and broken UTF-8 decode as TextDecoder decodes them, a U+FEFF kept", () => {
  const pieces = fc.constantFrom("a", '{"x":1},', "é", "\ufeff", "€", "😀", "\u0000", "\u007f");
  const bytes = fc.oneof(
    fc.array(pieces).map((p) => new TextEncoder().encode(p.join(""))),
    fc.uint8Array({ maxLength: 64 }),
    fc.uint8Array({ max: 0x7f, maxLength: 64 }),
  );
  fc.assert(
    fc.property(bytes, fc.nat(8), (all, from) => {
      // A view into a larger buffer, as an arrival's batches are.
      const view = all.subarray(Math.min(from, all.length));
      expect(nodeText(view)).toBe(decoder.decode(view));
    }),
    runs(5000, 500),
  );
  expect(nodeText(new TextEncoder().encode("\ufeff[1]"))).toBe("\ufeff[1]");
  expect(nodeText(Uint8Array.of(0x5b, 0xe9, 0x5d))).toBe("[\ufffd]");
});
