// An answer's bytes as text, the command's way: an answer is ASCII as a rule, and ASCII read as Latin-1 is the same
// text, far cheaper in Node than TextDecoder (docs/sync.md, "How a window is rewritten"). Any other byte goes
// through TextDecoder, so the text is always what JSON.parse would be given.
import { isAscii } from "node:buffer";

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** The bytes decoded as UTF-8, a U+FEFF inside kept: as TextDecoder with `ignoreBOM` decodes them. */
export function nodeText(bytes: Uint8Array): string {
  if (!isAscii(bytes)) return utf8.decode(bytes);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}
