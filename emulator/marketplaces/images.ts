// Photos on any CDN: real image bytes (a plain square whose colour comes from a hash of the URL, one of
// 64 colours drawn once each), so review photos and file-import fixtures' photo URLs resolve without
// binary assets, and a benchmark's tens of thousands of photo URLs cost the emulator nothing but I/O.
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Answer } from './types';

const IMAGE_PATH = /\.(jpe?g|png|webp)$/i;
const SIZE = 240;
const COLOURS = 64;
const cache = new Map<string, Promise<Answer>>();

/** Whether a path names an image (by its extension, as CDNs serve them). */
export function isImagePath(path: string): boolean {
  return IMAGE_PATH.test(path);
}

/** The image for `https://<host><path>`; 404 when the URL contains `missing` (a broken photo URL). */
export async function image(host: string, path: string): Promise<Answer> {
  const key = `${host}${path}`;
  if (/missing/i.test(key)) return { status: 404, type: 'text/plain', body: 'Not Found' };
  const colour = crypto.createHash('sha256').update(key).digest()[0] % COLOURS;
  const ext = IMAGE_PATH.exec(path)![1].toLowerCase().replace('jpeg', 'jpg');
  const id = `${ext}:${colour}`;
  if (!cache.has(id)) cache.set(id, draw(ext, colour));
  return cache.get(id)!;
}

async function draw(ext: string, colour: number): Promise<Answer> {
  // 64 colours spread over the hue circle, mid saturation
  const [r, g, b] = [0, 2, 4].map((k) => Math.round(128 + 100 * Math.cos(((colour / COLOURS) * 2 + k / 3) * Math.PI)));
  const canvas = sharp({ create: { width: SIZE, height: SIZE, channels: 3, background: { r, g, b } } });
  const body = ext === 'png' ? await canvas.png().toBuffer() : ext === 'webp' ? await canvas.webp().toBuffer() : await canvas.jpeg({ quality: 80 }).toBuffer();
  return { status: 200, type: ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg', body };
}
