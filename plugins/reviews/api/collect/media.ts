// Review photos: the type comes from the bytes, never the file name; metadata (EXIF with GPS, XMP,
// comments, text chunks) is removed before anything is stored. SVG, HTML and everything else is refused.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const TYPE_NOT_SUPPORTED = 'type not supported (.gif, .jpg, .png)';

export type ImageType = 'jpg' | 'png' | 'gif';

export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return undefined;
}

/** JPEG without APPn (EXIF, XMP, ICC ...) and COM segments; APP0 (JFIF) is kept. */
export function stripJpeg(bytes: Buffer): Buffer {
  const out: Buffer[] = [bytes.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) throw new Error('not a JPEG');
    const marker = bytes[i + 1];
    if (marker === 0xda) {
      out.push(bytes.subarray(i)); // start of scan: the rest is image data
      return Buffer.concat(out);
    }
    const length = bytes.readUInt16BE(i + 2);
    const segment = bytes.subarray(i, i + 2 + length);
    const isMetadata = (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe;
    if (!isMetadata) out.push(segment);
    i += 2 + length;
  }
  throw new Error('truncated JPEG');
}

/** PNG without text, time and EXIF chunks. */
export function stripPng(bytes: Buffer): Buffer {
  const DROP = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);
  const out: Buffer[] = [bytes.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(i);
    const type = bytes.subarray(i + 4, i + 8).toString('latin1');
    const chunk = bytes.subarray(i, i + 12 + length);
    if (!DROP.has(type)) out.push(chunk);
    i += 12 + length;
    if (type === 'IEND') return Buffer.concat(out);
  }
  throw new Error('truncated PNG');
}

/** GIF without comment and plain-text extensions, walking its blocks (image data is left whole). */
export function stripGif(bytes: Buffer): Buffer {
  const subBlocksEnd = (at: number) => {
    let i = at;
    while (i < bytes.length && bytes[i] !== 0) i += bytes[i] + 1;
    if (i >= bytes.length) throw new Error('truncated GIF');
    return i + 1;
  };
  const tableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let i = 13 + tableSize(bytes[10]);
  const out: Buffer[] = [bytes.subarray(0, i)];
  while (i < bytes.length) {
    const block = bytes[i];
    if (block === 0x3b) return Buffer.concat([...out, bytes.subarray(i, i + 1)]);
    if (block === 0x21) {
      const end = subBlocksEnd(i + 2);
      const label = bytes[i + 1];
      if (label !== 0xfe && label !== 0x01) out.push(bytes.subarray(i, end));
      i = end;
    } else if (block === 0x2c) {
      const dataStart = i + 10 + tableSize(bytes[i + 9]) + 1;
      const end = subBlocksEnd(dataStart);
      out.push(bytes.subarray(i, end));
      i = end;
    } else throw new Error('not a GIF');
  }
  throw new Error('truncated GIF');
}

export function cleanImage(bytes: Buffer): { type: ImageType; bytes: Buffer } {
  const type = sniffImage(bytes);
  if (!type) throw new Error(TYPE_NOT_SUPPORTED);
  const clean = type === 'jpg' ? stripJpeg(bytes) : type === 'png' ? stripPng(bytes) : stripGif(bytes);
  return { type, bytes: clean };
}

export function mediaDir(dataDir: string) {
  return path.join(dataDir, 'media');
}

/** Stores a cleaned image under a random name; returns the public path. */
export function storeImage(dataDir: string, image: { type: ImageType; bytes: Buffer }): string {
  const name = `${crypto.randomUUID()}.${image.type}`;
  fs.mkdirSync(mediaDir(dataDir), { recursive: true });
  fs.writeFileSync(path.join(mediaDir(dataDir), name), image.bytes);
  return `/media/${name}`;
}
