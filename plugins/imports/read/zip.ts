// An XLSX is a zip: before exceljs parses one, its size once unpacked and its number of parts are
// checked, so a zip bomb (1 MB unpacking to 1 GiB) is refused in well under a second instead of
// filling the disk and the heap for a minute. Two checks: the central directory's stated sizes
// (instant), then the parts inflated and counted in the order exceljs reads them, each stopped as
// soon as it unpacks to more than the directory stated for it: stated sizes are the sender's claim,
// and a part that lies about its size is refused after its first few kilobytes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { FileRefused } from './sniff';

/** A 25 MB workbook of reviews unpacks to about 150 MB of XML; four times a big file's XML is refused. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
/** A workbook has a dozen parts; a few embedded pictures add some. */
export const MAX_ZIP_ENTRIES = 2000;

const MB = 1024 * 1024;
export const TOO_LARGE_UNPACKED = `file too large once unpacked: an Excel file may unpack to at most ${MAX_UNPACKED_BYTES / MB} MB. Save it as CSV UTF-8 or split it, and upload it again`;
export const ZIP_DAMAGED = 'file type not valid: the Excel file is damaged. Save it again as .xlsx or CSV UTF-8 and upload it again';
export const ZIP_SIZES_LIE =
  'file type not valid: the Excel file is damaged (a part unpacks to more than its stated size). Save it again as .xlsx or CSV UTF-8 and upload it again';
export const TOO_MANY_PARTS = `file type not valid: an Excel file may hold at most ${MAX_ZIP_ENTRIES} parts. Save it as CSV UTF-8 and upload it again`;

interface ZipEntry extends Readable {
  path: string;
  autodrain(): void;
}
interface Unzipper {
  Open: { file(path: string): Promise<{ files: { path: string; uncompressedSize: number }[] }> };
  Parse(options: { forceStream: true }): NodeJS.ReadWriteStream & AsyncIterable<ZipEntry>;
}
// the unzipper exceljs itself reads with (a dependency of exceljs): the check sees the parts exceljs will see;
// loaded with the first spreadsheet (about 50 ms), not with every API
let loaded: Unzipper | undefined;
const unzipper = (): Unzipper => (loaded ??= createRequire(require.resolve('exceljs'))('unzipper') as Unzipper);

/** The central directory's stated sizes by part, refused when they add up to more than the limits. */
async function statedSizes(file: string): Promise<Map<string, number>> {
  const directory = await unzipper()
    .Open.file(file)
    .catch(() => {
      throw new FileRefused(ZIP_DAMAGED);
    });
  if (directory.files.length > MAX_ZIP_ENTRIES) throw new FileRefused(TOO_MANY_PARTS);
  const stated = new Map<string, number>();
  let total = 0;
  for (const f of directory.files) {
    total += f.uncompressedSize;
    stated.set(f.path, (stated.get(f.path) ?? 0) + f.uncompressedSize);
  }
  if (total > MAX_UNPACKED_BYTES) throw new FileRefused(TOO_LARGE_UNPACKED);
  return stated;
}

/** The parts inflated in order and their bytes counted (nothing kept): each within its stated size, all within the limits. */
async function checkInflated(file: string, stated: Map<string, number>) {
  const source = fs.createReadStream(file);
  const parts = source.pipe(unzipper().Parse({ forceStream: true }));
  let entries = 0;
  let total = 0;
  try {
    for await (const entry of parts) {
      if (++entries > MAX_ZIP_ENTRIES) throw new FileRefused(TOO_MANY_PARTS);
      // a part the directory does not list may hold nothing
      const allowed = stated.get(entry.path) ?? 0;
      let bytes = 0;
      for await (const chunk of entry) {
        bytes += (chunk as Buffer).length;
        total += (chunk as Buffer).length;
        if (bytes > allowed) throw new FileRefused(ZIP_SIZES_LIE);
        if (total > MAX_UNPACKED_BYTES) throw new FileRefused(TOO_LARGE_UNPACKED);
      }
    }
  } catch (err) {
    throw err instanceof FileRefused ? err : new FileRefused(ZIP_DAMAGED);
  } finally {
    source.destroy();
    (parts as unknown as Readable).destroy();
  }
}

/** Refuses an XLSX whose parts unpack beyond MAX_UNPACKED_BYTES, beyond their stated sizes, or outnumber MAX_ZIP_ENTRIES. */
export async function checkZipLimits(file: string) {
  await checkInflated(file, await statedSizes(file));
}
