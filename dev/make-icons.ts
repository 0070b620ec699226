// Draws the add-in's ribbon icons (assets/*.png) without an image library: a rounded tile with bars
// (the pane) or a circular arrow (Refresh all). Run `npx tsx dev/make-icons.ts` after changing the art.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";

type Rgba = [number, number, number, number];
type Shader = (x: number, y: number) => Rgba; // x, y in 0..1

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size: number, shade: Shader): Buffer {
  const ss = 4; // supersampling for smooth edges
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const [r, g, b, a] = shade((x + (sx + 0.5) / ss) / size, (y + (sy + 0.5) / ss) / size);
          acc[0] += r * a;
          acc[1] += g * a;
          acc[2] += b * a;
          acc[3] += a;
        }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const a = acc[3] / (ss * ss);
      raw[o] = acc[3] ? Math.round(acc[0] / acc[3]) : 0;
      raw[o + 1] = acc[3] ? Math.round(acc[1] / acc[3]) : 0;
      raw[o + 2] = acc[3] ? Math.round(acc[2] / acc[3]) : 0;
      raw[o + 3] = Math.round(a);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

const GREEN: Rgba = [16, 124, 65, 255]; // Excel green
const WHITE: Rgba = [255, 255, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

function inTile(x: number, y: number): boolean {
  const r = 0.18;
  const dx = Math.max(0.04 + r - x, 0, x - (0.96 - r));
  const dy = Math.max(0.04 + r - y, 0, y - (0.96 - r));
  return dx * dx + dy * dy <= r * r;
}

const bars: Shader = (x, y) => {
  if (!inTile(x, y)) return CLEAR;
  const columns: [number, number, number][] = [
    [0.2, 0.34, 0.55],
    [0.43, 0.57, 0.35],
    [0.66, 0.8, 0.2],
  ];
  const inBar = columns.some(([x0, x1, top]) => x >= x0 && x <= x1 && y >= top && y <= 0.8);
  return inBar ? WHITE : GREEN;
};

const refresh: Shader = (x, y) => {
  if (!inTile(x, y)) return CLEAR;
  const dx = x - 0.5;
  const dy = y - 0.5;
  const r = Math.hypot(dx, dy);
  const angle = Math.atan2(dy, dx); // -pi..pi, 0 = east
  const ring = r >= 0.2 && r <= 0.3 && !(angle > -Math.PI / 2 && angle < -Math.PI / 6);
  // Arrow head at the ring's open end (north), pointing east.
  const ax = x - 0.5;
  const ay = y - 0.25;
  const head = ax >= -0.02 && ax <= 0.16 && Math.abs(ay) <= 0.14 - ax * 0.85;
  return ring || head ? WHITE : GREEN;
};

const out = join(__dirname, "..", "assets");
for (const size of [16, 32, 64, 80, 128]) writeFileSync(join(out, `icon-${size}.png`), png(size, bars));
for (const size of [16, 32, 80]) writeFileSync(join(out, `refresh-${size}.png`), png(size, refresh));
console.log(`icons written to ${out}`);
