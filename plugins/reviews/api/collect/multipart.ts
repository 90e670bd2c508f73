import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';

export interface Upload {
  field: string;
  bytes: Buffer;
  tooLarge: boolean;
}

/** Reads a multipart form within limits; oversize files are flagged, extra files counted. */
export function readMultipart(
  req: IncomingMessage,
  limits: { files: number; fileSize: number },
): Promise<{ fields: Record<string, string>; uploads: Upload[]; tooManyFiles: boolean }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const uploads: Upload[] = [];
    let tooManyFiles = false;
    const bb = busboy({ headers: req.headers, limits: { files: limits.files, fileSize: limits.fileSize, fields: 20, fieldSize: 20_000 } });
    bb.on('field', (name, value) => (fields[name] = value));
    bb.on('file', (field, stream) => {
      const chunks: Buffer[] = [];
      let tooLarge = false;
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => (tooLarge = true));
      stream.on('close', () => {
        const bytes = Buffer.concat(chunks);
        if (bytes.length || tooLarge) uploads.push({ field, bytes, tooLarge });
      });
    });
    bb.on('filesLimit', () => (tooManyFiles = true));
    bb.on('error', reject);
    bb.on('close', () => resolve({ fields, uploads, tooManyFiles }));
    req.pipe(bb);
  });
}
