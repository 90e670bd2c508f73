// What the video tests share: a real video made with ffmpeg and a review page of a fresh shop.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import type { startPlatformStack } from '@plaudit/kernel/testing';
import { ReviewWrite } from '@plaudit/contracts/reviews';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;

/** A tool run without blocking this process's loop (see encodeLavfi); its output. */
export const run = promisify(execFile);

/**
 * ffmpeg's lavfi `sources` (test patterns, tones) encoded to H.264 in `dir`, with `extra` output options.
 * Not synchronously: the API under test runs in this process, and a loop blocked for seconds lets the
 * server close a kept-alive connection the client then reuses (a reset instead of the answer).
 */
export async function encodeLavfi(dir: string, name: string, sources: string[], extra: string[] = []): Promise<{ file: string; bytes: Buffer }> {
  const file = path.join(dir, name);
  const inputs = sources.flatMap((source) => ['-f', 'lavfi', '-i', source]);
  await run('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...inputs, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...extra, file]);
  return { file, bytes: fs.readFileSync(file) };
}

/** A real video in `dir`: colour bars and a tone, `seconds` long, with a phone-like location tag. */
export function makeVideo(dir: string, name: string, seconds: number, size = '320x240'): Promise<{ file: string; bytes: Buffer }> {
  return encodeLavfi(
    dir,
    name,
    [`testsrc=size=${size}:rate=15:duration=${seconds}`, `sine=frequency=440:duration=${seconds}`],
    [
      '-c:a',
      'aac',
      '-shortest',
      '-metadata',
      'location=+48.8566+002.3522/',
      '-metadata',
      'com.apple.quicktime.location.ISO6709=+48.8566+002.3522/',
      '-movflags',
      '+use_metadata_tags',
    ],
  );
}

/** A shop, an order of the store emulator and the review page of its first product. */
export async function writeLinkFor(on: Stack) {
  const { domain, shop, appToken } = await on.installShop();
  const { order } = await on.control('/orders', { shop: domain, country: 'US' });
  const details = await on.api.runtime.services.platform!.adminApi(domain).order(order.admin_graphql_api_id);
  const product = details!.lineItems.nodes[0].product!.id;
  const link = on.api.runtime.services.capabilities
    .require(ReviewWrite)
    .writeUrl({ shopDomain: domain, queueEntryId: 1, orderId: String(order.id), productId: product, expiresInDays: 1 });
  return { shop, domain, appToken, product, url: on.appUrl + new URL(link).pathname };
}
