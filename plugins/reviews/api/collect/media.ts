// Review photos: the type comes from the bytes, never the file name (SVG, HTML and everything else is
// refused); the image is then decoded and re-encoded from its pixels by sharp, so nothing of the
// upload's bytes survives (EXIF/GPS, XMP, comments, unknown PNG chunks, data after the end marker,
// GIF extensions and frames after the first). Figures and reasons: docs/reliability.md.
// sharp is loaded with the first photo: libvips is about 25 MB resident that an idle process need not hold.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MediaItem } from '../../shared/review';
import type { Upload } from './multipart';

export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Refused before any pixel is decoded: a 48 MP phone photo passes, a 20000x20000 bomb does not. */
export const MAX_PIXELS = 50_000_000;
/**
 * Long edges stored: the widgets' 72 px thumbnail up to 3x density, their lightbox (720 px wide at
 * most) at 1x and 2x. The largest is the photo's own URL.
 */
export const WIDTHS = [240, 720, 1440] as const;
const JPEG = { quality: 80, mozjpeg: true } as const;

export const TYPE_NOT_SUPPORTED = 'type not supported (.gif, .jpg, .png)';
export const TOO_LARGE = 'File size should not be more than 5MB';
export const TOO_MANY_PIXELS = 'The photo is too large: 50 megapixels at most';
export const UNREADABLE = 'The photo could not be read';

export type ImageType = 'jpg' | 'png' | 'gif';

/** The customer pages' translation of each refusal (reviews:public.errors.<key>). */
export const PHOTO_ERROR_KEYS: Record<string, string> = {
  [TYPE_NOT_SUPPORTED]: 'type',
  [TOO_LARGE]: 'too_large',
  [TOO_MANY_PIXELS]: 'too_many_pixels',
  [UNREADABLE]: 'unreadable',
};

/** An upload refused with a message for the customer. */
export class PhotoRefused extends Error {}

/** A re-encoded photo: JPEG renditions, smallest first, each at most one of WIDTHS on its long edge. */
export interface CleanImage {
  renditions: { width: number; height: number; bytes: Buffer }[];
}

export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return undefined;
}

/** The pixel count from the header alone (nothing decoded yet). */
async function pixelCount(bytes: Buffer): Promise<number> {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new PhotoRefused(UNREADABLE);
    });
  return (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
}

/**
 * Decodes once (first frame of a GIF, upright per its EXIF orientation, transparency on white, sRGB)
 * at the largest width, then encodes every rendition from those pixels.
 */
export async function cleanImage(bytes: Buffer): Promise<CleanImage> {
  if (!sniffImage(bytes)) throw new PhotoRefused(TYPE_NOT_SUPPORTED);
  if ((await pixelCount(bytes)) > MAX_PIXELS) throw new PhotoRefused(TOO_MANY_PIXELS);
  const { default: sharp } = await import('sharp');
  const largest = WIDTHS[WIDTHS.length - 1];
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize(largest, largest, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new PhotoRefused(UNREADABLE);
    });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const longEdge = Math.max(info.width, info.height);
  const edges = [...new Set(WIDTHS.map((w) => Math.min(w, longEdge)))];
  const renditions = [];
  for (const edge of edges) {
    const out = await sharp(data, { raw }).resize(edge, edge, { fit: 'inside', withoutEnlargement: true }).jpeg(JPEG).toBuffer({ resolveWithObject: true });
    renditions.push({ width: out.info.width, height: out.info.height, bytes: out.data });
  }
  return { renditions };
}

/** Every upload cleaned, one at a time (decoding is memory-bound); stops at the first refusal. */
export async function cleanUploads(uploads: Upload[]): Promise<{ images: CleanImage[]; error?: string }> {
  const images: CleanImage[] = [];
  for (const u of uploads) {
    if (u.tooLarge) return { images, error: TOO_LARGE };
    try {
      images.push(await cleanImage(u.bytes));
    } catch (err) {
      return { images, error: err instanceof PhotoRefused ? err.message : UNREADABLE };
    }
  }
  return { images };
}

export function mediaDir(dataDir: string) {
  return path.join(dataDir, 'media');
}

/**
 * Stores a photo's renditions under one random name (`<id>.jpg` the largest, `<id>-<w>w.jpg` the
 * smaller ones); the media item names them all for `srcset`.
 */
export function storeImage(dataDir: string, image: CleanImage): MediaItem {
  const id = crypto.randomUUID();
  fs.mkdirSync(mediaDir(dataDir), { recursive: true });
  const last = image.renditions.length - 1;
  const variants = image.renditions.map((r, i) => {
    const name = i === last ? `${id}.jpg` : `${id}-${r.width}w.jpg`;
    fs.writeFileSync(path.join(mediaDir(dataDir), name), r.bytes);
    return { url: `/media/${name}`, width: r.width };
  });
  const item: MediaItem = { type: 'image', url: variants[last].url };
  return variants.length > 1 ? { ...item, variants } : item;
}
