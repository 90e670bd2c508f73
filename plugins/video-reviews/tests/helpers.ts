// What the video tests share: a real video made with ffmpeg and a review page of a fresh shop.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { startPlatformStack } from '@plaudit/kernel/testing';
import { ReviewWrite } from '@plaudit/contracts/reviews';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;

/** A real video in `dir`: colour bars and a tone, `seconds` long, with a phone-like location tag. */
export function makeVideo(dir: string, name: string, seconds: number, size = '320x240'): { file: string; bytes: Buffer } {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=15:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-metadata',
    'location=+48.8566+002.3522/',
    '-metadata',
    'com.apple.quicktime.location.ISO6709=+48.8566+002.3522/',
    '-movflags',
    '+use_metadata_tags',
    file,
  ]);
  return { file, bytes: fs.readFileSync(file) };
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
