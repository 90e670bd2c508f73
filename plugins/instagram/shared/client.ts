// The Instagram API with Instagram Login as this plugin calls it (emulator/integrations/instagram.md
// has the shapes and sources), through the integrations emulator when INTEGRATIONS_BASE_URL is set.
// Graph's answers become Temporal's retries by the error code in the body, not the HTTP status
// (a rate limit may be a 403): 190 is an expired or revoked token (permanent: the account is
// disconnected), 4/17/32 a rate limit (retried), any other refusal permanent for that call.
import { ApplicationFailure } from '@temporalio/common';
import { INTEGRATION_REVOKED, outboundFetch, OutboundFetchError, retryAfterMs, VENDOR_BUSY, VENDOR_REJECTED, vendorUrl, type Config } from '@plaudit/kernel';
import { AUTHORIZE, CALLBACK, EMULATOR_APP, GRAPH, LABEL, SCOPE, TOKEN_EXCHANGE } from './instagram';

const TIMEOUT_MS = 20_000;
/** a re-hosted file at most: a video post's MP4 (db/pictures.ts keeps at most 200 MB) */
const DOWNLOAD_MAX_BYTES = 200 * 1024 * 1024;
const DOWNLOAD_REDIRECTS = 3;
const EXPIRED = new Set([190, 102]);
const RATE_LIMITED = new Set([4, 17, 32, 613, 80002]);
export const MEDIA_FIELDS = 'id,caption,media_type,media_url,thumbnail_url,permalink,timestamp,children{id,media_type,media_url,thumbnail_url}';

export interface GraphMedia {
  id: string;
  media_type: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  caption?: string;
  media_url?: string;
  thumbnail_url?: string;
  permalink?: string;
  timestamp?: string;
  children?: { data: Omit<GraphMedia, 'children'>[] };
}

/** The operator's Meta app (INSTAGRAM_APP_ID/SECRET), else the emulator's when calls go there. */
export function metaApp(config: Config): { appId: string; appSecret: string } | undefined {
  return config.instagram ?? (config.integrationsBaseUrl ? EMULATOR_APP : undefined);
}

export const redirectUri = (config: Config) => `${config.appUrl}${CALLBACK}`;

/** Throws the failure a Graph refusal means; a 2xx passes. */
export async function assertGraphOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')).slice(0, 400);
  let code: number | undefined;
  try {
    const body = JSON.parse(text) as { error?: { code?: number }; code?: number };
    code = body.error?.code ?? body.code;
  } catch {
    code = undefined;
  }
  const message = `${LABEL} answered ${res.status}: ${text}`;
  if ((code !== undefined && EXPIRED.has(code)) || res.status === 401)
    throw ApplicationFailure.create({ type: INTEGRATION_REVOKED, message, nonRetryable: true });
  if ((code !== undefined && RATE_LIMITED.has(code)) || res.status === 429 || res.status >= 500) {
    const delay = retryAfterMs(res.headers.get('retry-after'));
    throw ApplicationFailure.create({ type: VENDOR_BUSY, message, ...(delay !== undefined ? { nextRetryDelay: delay } : {}) });
  }
  throw ApplicationFailure.create({ type: VENDOR_REJECTED, message, nonRetryable: true });
}

export function instagramClient(config: Config) {
  const url = (u: string) => vendorUrl(u, config.integrationsBaseUrl);
  const get = async <T>(u: string): Promise<T> => {
    const res = await fetch(url(u), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    await assertGraphOk(res);
    return (await res.json()) as T;
  };
  const app = () => {
    const found = metaApp(config);
    if (!found) throw ApplicationFailure.create({ type: VENDOR_REJECTED, message: 'Instagram is not configured on this server', nonRetryable: true });
    return found;
  };
  const token = (t: string) => encodeURIComponent(t);
  return {
    /** the authorization window the merchant's browser opens */
    authorizeUrl(state: string): string {
      const q = new URLSearchParams({ client_id: app().appId, redirect_uri: redirectUri(config), response_type: 'code', scope: SCOPE, state });
      return url(`${AUTHORIZE}?${q}`);
    },
    /** the code for a short-lived token (one hour) */
    async exchangeCode(code: string): Promise<{ accessToken: string; userId: string }> {
      const { appId, appSecret } = app();
      const body = new URLSearchParams({
        client_id: appId,
        client_secret: appSecret,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri(config),
        code,
      });
      const res = await fetch(url(TOKEN_EXCHANGE), { method: 'POST', body, signal: AbortSignal.timeout(TIMEOUT_MS) });
      await assertGraphOk(res);
      const first = ((await res.json()) as { data?: { access_token: string; user_id: string | number }[] }).data?.[0];
      if (!first?.access_token) throw ApplicationFailure.create({ type: VENDOR_REJECTED, message: 'Instagram gave no access token', nonRetryable: true });
      return { accessToken: first.access_token, userId: String(first.user_id) };
    },
    /** a short-lived token for a long-lived one (60 days) */
    longLived: (shortToken: string) =>
      get<{ access_token: string; expires_in: number }>(
        `https://graph.instagram.com/access_token?grant_type=ig_exchange_token&client_secret=${encodeURIComponent(app().appSecret)}&access_token=${token(shortToken)}`,
      ),
    /** a long-lived token for a new one valid 60 days from now */
    refresh: (longToken: string) =>
      get<{ access_token: string; expires_in: number }>(
        `https://graph.instagram.com/refresh_access_token?grant_type=ig_refresh_token&access_token=${token(longToken)}`,
      ),
    me: (t: string) =>
      get<{ id: string; user_id?: string; username: string; account_type?: string }>(
        `${GRAPH}/me?fields=user_id,username,account_type&access_token=${token(t)}`,
      ),
    /** one page of the account's posts, newest first; `next` is Graph's own URL of the next page */
    media: (t: string, next?: string) =>
      get<{ data: GraphMedia[]; paging?: { next?: string } }>(
        next ?? `${GRAPH}/me/media?fields=${encodeURIComponent(MEDIA_FIELDS)}&limit=50&access_token=${token(t)}`,
      ),
    /**
     * A picture or video from Instagram's CDN. Its URL is in Graph's answer, so it goes through the
     * kernel's outbound guard: never our own network in production, each redirect checked.
     */
    async download(mediaUrl: string): Promise<Buffer> {
      const res = await outboundFetch(url(mediaUrl), {
        production: config.env === 'production',
        trusted: [config.integrationsBaseUrl],
        timeoutMs: TIMEOUT_MS,
        maxBytes: DOWNLOAD_MAX_BYTES,
        maxRedirects: DOWNLOAD_REDIRECTS,
      }).catch((err: Error) => {
        // a refused address or a file too large never passes; a network failure is retried
        if (err instanceof OutboundFetchError && err.reason !== 'network' && err.reason !== 'timeout')
          throw ApplicationFailure.create({ type: VENDOR_REJECTED, message: `${LABEL} media refused: ${err.message}`, nonRetryable: true });
        throw err;
      });
      await assertGraphOk(res);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
export type InstagramClient = ReturnType<typeof instagramClient>;
