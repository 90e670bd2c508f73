// Product images drawn on the fly as small PNGs (PNG rather than SVG: mail clients show PNG), so
// the emulator serves its own CDN without any binary assets in the repository.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

// drawn once per colour and size: a store's pages and every email ask for the same few images again
const drawn = new Map<string, Buffer>();

/** A square RGB PNG: the product's colour with a lighter disc, like a packshot on a plain backdrop. */
export function productPng(color: string, size = 240): Buffer {
  const key = `${color} ${size}`;
  let png = drawn.get(key);
  if (!png) drawn.set(key, (png = drawPng(color, size)));
  return png;
}

function drawPng(color: string, size: number): Buffer {
  const [r, g, b] = rgb(color);
  const light = [r, g, b].map((v) => Math.round(v + (255 - v) * 0.55));
  const rows: Buffer[] = [];
  const c = size / 2;
  const radius = size * 0.32;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0 (None), then RGB triples
    for (let x = 0; x < size; x++) {
      const inside = (x - c) ** 2 + (y - c) ** 2 < radius ** 2;
      const px = inside ? light : [r, g, b];
      row.set(px, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
