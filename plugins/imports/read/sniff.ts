// What an uploaded file is, from its first bytes: the extension and the browser's type are the
// sender's claims, the bytes are not (spec section 5: "valid type required").
import fs from 'node:fs/promises';

export type FileKind = 'csv' | 'xlsx';
/** A CSV's encoding: UTF-8, or Windows-1252 (Excel's "CSV" on a western Windows; Latin-1 is read as it too). */
export type TextEncoding = 'utf-8' | 'windows-1252';

export const FILE_TYPE_NOT_VALID = 'file type not valid';
/** Legacy Excel: no well-kept reader is on the npm registry (IMPORTS.md says why), so we ask for .xlsx. */
export const XLS_NOT_READ = 'file type not valid: old Excel files (.xls) are not read. Save the file as .xlsx or CSV UTF-8 and upload it again';
export const UTF16_NOT_READ = 'file type not valid: this text file is UTF-16. Save it as CSV UTF-8 and upload it again';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const HEAD_BYTES = 64 * 1024;

export class FileRefused extends Error {}

async function head(file: string): Promise<Buffer> {
  const fh = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Text we can read: UTF-8 (a character cut by the 64 KB window is fine), no NUL bytes. */
function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  // drop up to 3 trailing bytes of a multi-byte character the window cut in two
  let end = bytes.length;
  for (let i = 0; i < 3 && end > 0 && (bytes[end - 1] & 0xc0) === 0x80; i++) end--;
  if (end > 0 && bytes[end - 1] >= 0xc0) end--;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

// C0 controls other than tab, LF, FF and CR, DEL, and the five bytes Windows-1252 leaves undefined: binary
const TEXT_CONTROLS = [0x09, 0x0a, 0x0c, 0x0d];
const NOT_1252_TEXT = new Set([...Array.from({ length: 32 }, (_, b) => b).filter((b) => !TEXT_CONTROLS.includes(b)), 0x7f, 0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** Text in Windows-1252 (or Latin-1): no byte that such a text never holds. Asked after UTF-8 failed. */
const isWindows1252Text = (bytes: Buffer) => !bytes.some((b) => NOT_1252_TEXT.has(b));

/** The file's kind (and a CSV's encoding), or FileRefused with the message for the merchant. */
export async function sniffFile(file: string): Promise<{ kind: FileKind; encoding: TextEncoding }> {
  const bytes = await head(file);
  if (bytes.subarray(0, 4).equals(ZIP)) return { kind: 'xlsx', encoding: 'utf-8' };
  if (bytes.subarray(0, 8).equals(OLE)) throw new FileRefused(XLS_NOT_READ);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw new FileRefused(UTF16_NOT_READ);
  if (bytes.length > 0 && isUtf8Text(bytes)) return { kind: 'csv', encoding: 'utf-8' };
  if (bytes.length > 0 && isWindows1252Text(bytes)) return { kind: 'csv', encoding: 'windows-1252' };
  throw new FileRefused(FILE_TYPE_NOT_VALID);
}
