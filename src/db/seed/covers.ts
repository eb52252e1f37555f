// Cover images for the demo activities, drawn here so the demo needs no
// image files: a diagonal gradient between two colours with a few soft
// circles, encoded as PNG. Each is stored under its content hash like an
// uploaded cover.
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

type Rgb = [number, number, number];

const hex = (s: string): Rgb => [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16)];

/** An RGB PNG of the given size: `from` top left to `to` bottom right, with light circles. */
export function drawCover(from: string, to: string, width = 640, height = 400): Uint8Array {
  const [a, b] = [hex(from), hex(to)];
  const circles = [
    { x: width * 0.78, y: height * 0.3, r: height * 0.42, alpha: 0.16 },
    { x: width * 0.18, y: height * 0.88, r: height * 0.3, alpha: 0.12 },
    { x: width * 0.55, y: height * 0.62, r: height * 0.12, alpha: 0.2 },
  ];
  const stride = width * 3 + 1;
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let light = 0;
      for (const c of circles) if ((x - c.x) ** 2 + (y - c.y) ** 2 <= c.r ** 2) light += c.alpha;
      const o = y * stride + 1 + x * 3;
      for (let k = 0; k < 3; k++) {
        const base = a[k]! + (b[k]! - a[k]!) * t;
        raw[o + k] = Math.round(base + (255 - base) * Math.min(light, 0.6));
      }
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const signature = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
  const parts = [signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 6 })), chunk("IEND", new Uint8Array())];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}
