// A growable byte buffer for hand-assembled JSON. Building a 100k-row response as JS strings
// spends most of its time concatenating and then flattening ropes; writing bytes does not.

// Read once: a global read per call is slow where the global object is intercepted (Jest runs tests in vm contexts).
const { floor, max, round } = Math;
const { isFinite, MAX_SAFE_INTEGER } = Number;

export class JsonWriter {
  private buf: Buffer;
  private len = 0;

  constructor(initial = 1 << 16) {
    this.buf = Buffer.allocUnsafe(initial);
  }

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.len);
    this.buf = next;
  }

  /** Raw bytes (pre-encoded fragments). A JS loop beats Buffer#copy for short fragments. */
  raw(b: Uint8Array): void {
    const n = b.length;
    this.ensure(n);
    const buf = this.buf;
    let at = this.len;
    if (n > 64) {
      buf.set(b, at);
    } else {
      for (let i = 0; i < n; i++) buf[at++] = b[i];
    }
    this.len += n;
  }

  byte(c: number): void {
    this.ensure(1);
    this.buf[this.len++] = c;
  }

  /** A non-negative integer below 2^53. */
  private digits(n: number): void {
    if (n < 10) {
      this.buf[this.len++] = 48 + n;
      return;
    }
    let end = this.len;
    for (let t = n; t >= 10; t = floor(t / 10)) end++;
    this.len = end + 1;
    for (let t = n; ;) {
      const q = floor(t / 10);
      this.buf[end--] = 48 + (t - q * 10);
      if (q === 0) break;
      t = q;
    }
  }

  /** A number rounded to at most two decimals, or null. */
  num(v: number | null): void {
    this.ensure(32);
    if (v === null || !isFinite(v)) {
      this.buf.write("null", this.len, "latin1");
      this.len += 4;
      return;
    }
    let h = round(v * 100);
    if (h < 0) {
      this.buf[this.len++] = 45; // "-"
      h = -h;
    }
    if (h > MAX_SAFE_INTEGER) {
      this.len += this.buf.write(String(h / 100), this.len, "latin1");
      return;
    }
    const whole = floor(h / 100);
    const frac = h - whole * 100;
    this.digits(whole);
    if (frac !== 0) {
      this.buf[this.len++] = 46; // "."
      this.buf[this.len++] = 48 + floor(frac / 10);
      if (frac % 10 !== 0) this.buf[this.len++] = 48 + (frac % 10);
    }
  }

  /** Forgets the last `n` bytes written. */
  drop(n: number): void {
    this.len = max(0, this.len - n);
  }

  /** A copy of the bytes written so far; the writer starts again empty, its buffer kept. */
  take(): Buffer {
    const bytes = Buffer.from(this.buf.subarray(0, this.len));
    this.len = 0;
    return bytes;
  }
}

const encoder = new TextEncoder();
export function bytes(s: string): Uint8Array {
  return encoder.encode(s);
}
