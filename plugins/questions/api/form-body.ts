// A form posted without script (application/x-www-form-urlencoded): the kernel parses JSON only.
// Small by nature (a name, an email, a question), so anything larger is refused.
import createHttpError from 'http-errors';
import type { AppContext } from '@plaudit/kernel';

const MAX_BYTES = 16 * 1024;

export async function readForm(ctx: AppContext): Promise<Record<string, string>> {
  if (!ctx.is('application/x-www-form-urlencoded')) throw createHttpError(415, 'Send the question as JSON or a form');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) throw createHttpError(413, 'The form is too large');
    chunks.push(chunk as Buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}
