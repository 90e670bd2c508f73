// instagramSync: one shop's posts (`instagram-sync:<shop>`), retried with backoff on rate limits;
// an expired token disconnects the account and tells the merchant once. instagramSyncAll and
// instagramRefreshTokens run on Temporal Schedules (api/index.ts): every shop's sync, and new
// long-lived tokens for those issued more than 50 days ago (they last 60).
import { proxyActivities } from '@temporalio/workflow';
import { revokedKey, VENDOR_CALL_RETRY } from '@plaudit/kernel/workflow';
import type { createActivities } from '../activities';
import type { ShopRef, SyncOutcome } from '../shared/instagram';

type Activities = ReturnType<typeof createActivities>;

const { instagramSyncShop, instagramRefreshToken } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '2 minutes',
  retry: VENDOR_CALL_RETRY,
});
const local = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 20 },
});

/** Runs one vendor step; a refused token ends in the account's disconnection and one mail. */
async function unlessExpired<T>(shop: ShopRef, step: () => Promise<T>): Promise<T | 'expired'> {
  try {
    return await step();
  } catch (err) {
    const refused = revokedKey(err);
    if (!refused) throw err;
    if (await local.instagramExpired(shop, refused.message)) await local.instagramMailExpired(shop);
    return 'expired';
  }
}

export async function instagramSync(shop: ShopRef): Promise<SyncOutcome> {
  return unlessExpired(shop, () => instagramSyncShop(shop));
}

export async function instagramSyncAll(): Promise<number> {
  return local.instagramStartSyncs();
}

export async function instagramRefreshTokens(afterDays?: number): Promise<Record<string, string>> {
  const outcomes: Record<string, string> = {};
  for (const shop of await local.instagramTokensDue(afterDays)) {
    // one shop's failure (rate limit, outage) must not hold the others back: each is retried on its own
    outcomes[shop.shopDomain] = await unlessExpired(shop, () => instagramRefreshToken(shop)).catch((err: Error) => `failed: ${err.message}`);
  }
  return outcomes;
}
