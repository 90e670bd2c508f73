// A Windows-1252 (or Latin-1) CSV rewritten as UTF-8 where it was stored, so every later read (the
// preview, the count, the run) reads UTF-8: "é" and "ü" arrive as they were typed, not as "file type
// not valid". WHATWG's windows-1252 decoder maps every byte; Node's full ICU ships it.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { TextEncoding } from './sniff';

async function* decoded(chunks: AsyncIterable<Buffer>, encoding: TextEncoding) {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) yield Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8');
  yield Buffer.from(decoder.decode(), 'utf8');
}

/** The stored file, re-encoded as UTF-8 in place (through a sibling file, renamed over it). */
export async function transcodeToUtf8(file: string, encoding: TextEncoding) {
  if (encoding === 'utf-8') return;
  const next = `${file}.utf8`;
  try {
    await pipeline(fs.createReadStream(file), (chunks: AsyncIterable<Buffer>) => decoded(chunks, encoding), fs.createWriteStream(next));
    await fs.promises.rename(next, file);
  } finally {
    await fs.promises.rm(next, { force: true });
  }
}
