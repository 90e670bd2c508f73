// Our copies of Instagram's pictures (never hot-linked: Instagram's CDN URLs are signed and expire):
// decoded and re-encoded by sharp as JPEG renditions under random names in DATA_DIR/instagram-media,
// served at /instagram/media/<file>. The API and the worker share DATA_DIR on one machine; several
// machines need a shared volume there (README). sharp (libvips, about 25 MB resident) is loaded with
// the first picture, not by an idle process.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Picture } from '../shared/instagram';

/** Long edges kept: the grid's tile (up to 2x) and the opened post. */
export const WIDTHS = [320, 640, 1080] as const;
const MAX_PIXELS = 50_000_000;
export const FILE_NAME = /^[0-9a-f-]{36}((-\d{3,4}w)?\.jpg|\.mp4)$/;
/** Instagram's videos are at most 15 minutes; reels far less. A larger file is not kept (the thumbnail is). */
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

export const mediaDir = (dataDir: string) => path.join(dataDir, 'instagram-media');

/** Re-encodes a downloaded picture and stores its renditions; throws when it is not an image. */
export async function storePicture(dataDir: string, bytes: Buffer): Promise<Picture> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize(WIDTHS[WIDTHS.length - 1], WIDTHS[WIDTHS.length - 1], { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const id = crypto.randomUUID();
  const dir = mediaDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const edges = [...new Set(WIDTHS.map((w) => Math.min(w, Math.max(info.width, info.height))))];
  const variants = [];
  for (const [i, edge] of edges.entries()) {
    const name = i === edges.length - 1 ? `${id}.jpg` : `${id}-${edge}w.jpg`;
    const out = await sharp(data, { raw }).resize(edge, edge, { fit: 'inside' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    fs.writeFileSync(path.join(dir, name), out.data);
    variants.push({ url: `/instagram/media/${name}`, width: out.info.width });
  }
  const largest = variants[variants.length - 1];
  return { url: largest.url, width: info.width, height: info.height, variants };
}

/** Deletes our copies of pictures no longer shown. */
/** A video post's MP4 under a random name, when its bytes are an MP4 (an ISO `ftyp` box); else undefined. */
export function storeVideo(dataDir: string, bytes: Buffer): string | undefined {
  if (bytes.length > MAX_VIDEO_BYTES || bytes.length < 12 || bytes.subarray(4, 8).toString('latin1') !== 'ftyp') return undefined;
  const name = `${crypto.randomUUID()}.mp4`;
  fs.mkdirSync(mediaDir(dataDir), { recursive: true });
  fs.writeFileSync(path.join(mediaDir(dataDir), name), bytes);
  return `/instagram/media/${name}`;
}

/** Removes removed posts' files: every picture rendition and the video. */
export function deleteFiles(dataDir: string, posts: { pictures: Picture[]; videoUrl?: string | null }[]) {
  const names = posts
    .flatMap((p) => [...p.pictures.flatMap((pic) => pic.variants.map((v) => v.url)), ...(p.videoUrl ? [p.videoUrl] : [])])
    .map((u) => u.split('/').pop()!);
  for (const name of names) if (FILE_NAME.test(name)) fs.rmSync(path.join(mediaDir(dataDir), name), { force: true });
}
