// Hash-based randomness: every generated value is a pure function of its key (seed, retailer,
// SKU, store, day, ...). No state, no precomputed series, so any day can be produced on its own.

// Read once: a global read per call is slow where the global object is intercepted (Jest runs tests in vm contexts).
const { imul } = Math;

/** murmur3's 32-bit finaliser: a cheap avalanche mix. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Combine a key with one more integer component. */
export function hashWith(key: number, x: number): number {
  return mix32((key ^ imul((x + 0x7f4a7c15) | 0, 0x9e3779b1)) >>> 0);
}

/** Uniform in [0, 1). */
export function unit(h: number): number {
  return h / 4294967296;
}

/** Triangular noise in (-1, 1), centred on 0: smoother than uniform, still one hash. */
export function tri(h: number): number {
  return ((h & 0xffff) + (h >>> 16)) / 65536 - 1;
}

/** A key from a list of integer components. */
export function keyOf(...parts: number[]): number {
  let h = 0x2545f491;
  for (const p of parts) h = hashWith(h, p);
  return h;
}

/** A stable integer for a string (retailer ids etc.). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = imul(h ^ s.charCodeAt(i), 0x01000193);
  return mix32(h >>> 0);
}
