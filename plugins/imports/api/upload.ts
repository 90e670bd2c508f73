// The import file, streamed from the request to disk as it arrives (a 25 MB upload never sits in
// memory); over the limit, the part is dropped and the merchant told the spec's message.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import createHttpError from 'http-errors';

export const MAX_FILE_BYTES = 25 * 1024 * 1024;
export const FILE_TOO_LARGE = 'file size should not be more than 25MB';

export interface StoredUpload {
  fileName: string;
  storedFile: string;
  path: string;
}

const badRequest = (message: string, field = 'file') => createHttpError(400, message, { errors: { [field]: message } });

/** The `file` part stored under `dir`; 400 when there is none or it is too large. */
export function storeUpload(req: IncomingMessage, dir: string): Promise<StoredUpload> {
  fs.mkdirSync(dir, { recursive: true });
  return new Promise((resolve, reject) => {
    let stored: Promise<StoredUpload | 'too-large'> | undefined;
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: MAX_FILE_BYTES, fields: 10, fieldSize: 10_000 } });
    } catch {
      return reject(badRequest('This field is required'));
    }
    bb.on('file', (field, stream, info) => {
      if (field !== 'file' || stored) return void stream.resume();
      const storedFile = `${crypto.randomUUID()}.upload`;
      const target = path.join(dir, storedFile);
      let tooLarge = false;
      stream.on('limit', () => (tooLarge = true));
      stored = pipeline(stream, fs.createWriteStream(target)).then(async () => {
        if (!tooLarge) return { fileName: path.basename(info.filename || 'import').slice(0, 255), storedFile, path: target };
        await fs.promises.rm(target, { force: true });
        return 'too-large' as const;
      });
    });
    bb.on('error', () => reject(badRequest('The upload could not be read')));
    bb.on('close', async () => {
      const result = await stored?.catch(() => undefined);
      if (!result) return reject(badRequest('This field is required'));
      if (result === 'too-large') return reject(createHttpError(413, FILE_TOO_LARGE, { errors: { file: FILE_TOO_LARGE } }));
      resolve(result);
    });
    req.pipe(bb);
  });
}
