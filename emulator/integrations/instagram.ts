// Instagram (the API with Instagram Login) as the instagram plugin calls it: the authorization
// window at www.instagram.com/oauth/authorize, the code exchange at api.instagram.com/oauth/access_token,
// long-lived tokens and their refresh at graph.instagram.com, /me and /me/media with cursors, the
// pictures on its CDN (real JPEGs), videos there (a real 2-second H.264 MP4 made with ffmpeg on first
// request; 404 where ffmpeg is missing, as an expired CDN URL would), and Graph's error bodies (190 expired token, 4/17/32 rate limits).
// Shapes and sources: instagram.md.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { productPng } from '../png';
import type { Vendor, VendorAnswer, VendorRequest } from './types';

/** The app every emulator accepts (the plugin's default when it runs against the emulator). */
export const INSTAGRAM_EMULATOR_APP = { appId: '990602627938098', appSecret: 'plaudit-emulator-instagram-secret' } as const;
/** Instagram's long-lived token lifetime as its samples show it (about 60 days). */
export const LONG_LIVED_SECONDS = 5_183_944;
const SHORT_LIVED_SECONDS = 3_600;
const CDN = 'https://scontent.cdninstagram.com';
const PAGE = 25;
const MAX_PAGE = 100;
const DAY = 86_400_000;

type MediaType = 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
interface Media {
  id: string;
  media_type: MediaType;
  caption?: string;
  timestamp: string;
  color: string;
  children?: Media[];
}
interface Account {
  user_id: string;
  username: string;
  account_type: 'BUSINESS' | 'MEDIA_CREATOR';
  media: Media[];
}
interface Token {
  userId: string;
  issuedAt: number;
  expiresAt: number;
  long: boolean;
}
type AddMedia = { username?: string; media_type?: MediaType; caption?: string; children?: MediaType[]; color?: string };

const COLORS = ['#c8553d', '#2a9d8f', '#e9c46a', '#264653', '#8d5a97', '#f4a261'];
const fbtrace = () => crypto.randomBytes(8).toString('base64url');
const graphError = (status: number, error: Record<string, unknown>, headers?: Record<string, string>): VendorAnswer => ({
  status,
  body: { error: { ...error, fbtrace_id: fbtrace() } },
  ...(headers ? { headers } : {}),
});
/** api.instagram.com's own error shape for the code exchange. */
const oauthError = (message: string): VendorAnswer => ({ status: 400, body: { error_type: 'OAuthException', code: 400, error_message: message } });
const html = (status: number, text: string): VendorAnswer => ({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: text });
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]);
const RATE_LIMITS: Record<number, string> = {
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
};

/** Graph's field list: `id,media_type,children{media_url}` -> { id: true, media_type: true, children: ['media_url'] } */
export function parseFields(fields: string): Map<string, string[] | true> {
  const out = new Map<string, string[] | true>();
  for (const m of fields.matchAll(/([a-z_]+)(\{([^}]*)\})?/g))
    out.set(
      m[1],
      m[3] !== undefined
        ? m[3]
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean)
        : true,
    );
  return out;
}

export function instagram(): Vendor {
  const accounts = new Map<string, Account>();
  const tokens = new Map<string, Token>();
  const codes = new Map<string, { userId: string; redirectUri: string; clientId: string; expiresAt: number }>();
  const pictures = new Map<string, Buffer>();
  let clip: Promise<Buffer | undefined> | undefined;
  const apps = new Map<string, string>([[INSTAGRAM_EMULATOR_APP.appId, INSTAGRAM_EMULATOR_APP.appSecret]]);
  let signedIn: string | undefined;
  let limited = { count: 0, code: 4 };
  let nextId = 17_900_000_000_000_000n;

  const newId = () => String(++nextId);
  const newToken = (userId: string, long: boolean) => {
    const token = `IGAA${crypto.randomBytes(24).toString('base64url')}`;
    const now = Date.now();
    tokens.set(token, { userId, issuedAt: now, expiresAt: now + (long ? LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS) * 1000, long });
    return token;
  };
  const byName = (username: string) => [...accounts.values()].find((a) => a.username === username);

  function media(a: Account, m: AddMedia = {}): Media {
    const type = m.media_type ?? 'IMAGE';
    const color = m.color ?? COLORS[a.media.length % COLORS.length];
    const item: Media = {
      id: newId(),
      media_type: type,
      caption: m.caption ?? `${type.toLowerCase()} by @${a.username}`,
      timestamp: new Date().toISOString().replace(/\.\d+Z$/, '+0000'),
      color,
    };
    if (type === 'CAROUSEL_ALBUM')
      item.children = (m.children ?? ['IMAGE', 'VIDEO']).map((t, i) => ({
        id: newId(),
        media_type: t,
        timestamp: item.timestamp,
        color: COLORS[(a.media.length + i + 1) % COLORS.length],
      }));
    a.media.unshift(item); // newest first, as /me/media lists them
    return item;
  }

  function account(o: { username?: string; account_type?: Account['account_type']; empty?: boolean } = {}): Account {
    const username = o.username ?? 'plaudit.demo';
    const found = byName(username);
    if (found) return found;
    const a: Account = { user_id: newId(), username, account_type: o.account_type ?? 'BUSINESS', media: [] };
    accounts.set(a.user_id, a);
    if (!o.empty) {
      media(a, { media_type: 'CAROUSEL_ALBUM', caption: 'Three ways to wear it' });
      media(a, { media_type: 'VIDEO', caption: 'Unboxing' });
      media(a, { media_type: 'IMAGE', caption: 'Morning light' });
      media(a, { media_type: 'IMAGE', caption: 'In the wild' });
    }
    return a;
  }

  /** The picture of a media item (a video's is its thumbnail), drawn on first request. */
  async function picture(file: string): Promise<Buffer | undefined> {
    const id = file.replace(/(_thumb)?\.jpg$/, '');
    const all = [...accounts.values()].flatMap((a) => a.media.flatMap((m) => [m, ...(m.children ?? [])]));
    const m = all.find((x) => x.id === id);
    if (!m) return undefined;
    if (!pictures.has(file)) pictures.set(file, await sharp(productPng(m.color, 320)).resize(1080, 1080).jpeg({ quality: 82 }).toBuffer());
    return pictures.get(file);
  }

  /** A video post's MP4: the same real clip for every video, made once. */
  async function videoOf(file: string): Promise<Buffer | undefined> {
    const id = file.replace(/\.mp4$/, '');
    if (![...accounts.values()].some((a) => a.media.some((m) => m.id === id && m.media_type === 'VIDEO'))) return undefined;
    clip ??= makeClip().catch(() => undefined);
    return clip;
  }

  function present(m: Media, fields: Map<string, string[] | true>, a: Account, child = false): Record<string, unknown> {
    const all: Record<string, unknown> = {
      id: m.id,
      media_type: m.media_type,
      timestamp: m.timestamp,
      username: a.username,
      // a video's media_url is the video; its picture is thumbnail_url
      media_url:
        m.media_type === 'VIDEO' ? `${CDN}/v/${m.id}.mp4` : m.media_type === 'CAROUSEL_ALBUM' ? `${CDN}/v/${m.children![0].id}.jpg` : `${CDN}/v/${m.id}.jpg`,
      ...(m.media_type === 'VIDEO' ? { thumbnail_url: `${CDN}/v/${m.id}_thumb.jpg` } : {}),
      ...(child ? {} : { caption: m.caption, permalink: `https://www.instagram.com/p/${Buffer.from(m.id).toString('base64url').slice(0, 11)}/` }),
    };
    const out: Record<string, unknown> = { id: m.id };
    for (const [name, sub] of fields) {
      if (name === 'children') {
        if (m.children)
          out.children = { data: m.children.map((c) => present(c, new Map((sub === true ? ['id'] : sub).map((f) => [f, true as const])), a, true)) };
      } else if (all[name] !== undefined) out[name] = all[name];
    }
    return out;
  }

  function tokenOf(req: VendorRequest): { account: Account } | VendorAnswer {
    const token = req.query.get('access_token') ?? /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token)
      return graphError(400, {
        message: 'An active access token must be used to query information about the current user.',
        type: 'OAuthException',
        code: 2500,
      });
    const t = tokens.get(token);
    if (!t) return graphError(400, { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 });
    if (t.expiresAt <= Date.now()) {
      return graphError(400, {
        message: `Error validating access token: Session has expired on ${new Date(t.expiresAt).toUTCString()}. The current time is ${new Date().toUTCString()}.`,
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
      });
    }
    return { account: accounts.get(t.userId)! };
  }

  function authorizePage(req: VendorRequest): VendorAnswer {
    const q = req.query;
    const redirect = q.get('redirect_uri') ?? '';
    if (!apps.has(q.get('client_id') ?? '')) return html(400, '<h1>Invalid Request</h1><p>Invalid platform app</p>');
    if (!/^https?:\/\//.test(redirect)) return html(400, '<h1>Invalid Request</h1><p>Invalid redirect_uri</p>');
    if (q.get('response_type') !== 'code') return html(400, '<h1>Invalid Request</h1><p>Invalid response_type</p>');
    if (!/instagram_business_basic/.test(q.get('scope') ?? '')) return html(400, '<h1>Invalid Request</h1><p>Invalid scope</p>');
    const who = accounts.get(signedIn ?? '') ?? account();
    const query = esc(q.toString());
    return html(
      200,
      `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Instagram</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:40px auto;text-align:center">
<h1>Instagram</h1><p>Allow this app to access <strong>@${esc(who.username)}</strong>'s profile and media?</p>
<p><a id="allow" href="authorize/allow?${query}">Allow</a> &middot; <a id="cancel" href="authorize/deny?${query}">Cancel</a></p></body></html>`,
    );
  }

  function redirectBack(req: VendorRequest, allow: boolean): VendorAnswer {
    const q = req.query;
    const back = new URL(q.get('redirect_uri') ?? '');
    if (allow) {
      const code = `AQ${crypto.randomBytes(24).toString('base64url')}`;
      codes.set(code, {
        userId: (accounts.get(signedIn ?? '') ?? account()).user_id,
        redirectUri: q.get('redirect_uri')!,
        clientId: q.get('client_id')!,
        expiresAt: Date.now() + 10 * 60_000,
      });
      back.searchParams.set('code', code);
    } else {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_reason', 'user_denied');
      back.searchParams.set('error_description', 'The user denied your request.');
    }
    if (q.get('state') !== null) back.searchParams.set('state', q.get('state')!);
    return { status: 302, headers: { location: `${back}#_` } };
  }

  function exchangeCode(req: VendorRequest): VendorAnswer {
    const f = new URLSearchParams(req.body);
    const clientId = f.get('client_id') ?? '';
    if (!apps.has(clientId)) return oauthError('Invalid platform app');
    if (apps.get(clientId) !== f.get('client_secret')) return oauthError('Error validating client secret.');
    if (f.get('grant_type') !== 'authorization_code') return oauthError('Invalid grant_type');
    const c = codes.get(f.get('code') ?? '');
    codes.delete(f.get('code') ?? '');
    if (!c || c.expiresAt < Date.now() || c.clientId !== clientId) return oauthError('Matching code was not found or was already used');
    if (c.redirectUri !== f.get('redirect_uri'))
      return oauthError('Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request');
    return { status: 200, body: { data: [{ access_token: newToken(c.userId, false), user_id: c.userId, permissions: 'instagram_business_basic' }] } };
  }

  function exchangeLong(req: VendorRequest, grant: 'ig_exchange_token' | 'ig_refresh_token'): VendorAnswer {
    if (req.query.get('grant_type') !== grant) return graphError(400, { message: 'Unsupported grant_type', type: 'OAuthException', code: 100 });
    if (grant === 'ig_exchange_token' && [...apps.values()].every((s) => s !== req.query.get('client_secret')))
      return graphError(400, { message: 'Error validating client secret.', type: 'OAuthException', code: 101 });
    const who = tokenOf(req);
    if (!('account' in who)) return who;
    const old = tokens.get(req.query.get('access_token')!)!;
    if (grant === 'ig_exchange_token' && old.long)
      return graphError(400, {
        message: 'Session key invalid. This could be because the session key has an incorrect format, or because the user has revoked this session',
        type: 'OAuthException',
        code: 452,
      });
    // a refresh gives a new 60 days; Instagram may hand back the same string, the emulator a new one
    return { status: 200, body: { access_token: newToken(who.account.user_id, true), token_type: 'bearer', expires_in: LONG_LIVED_SECONDS } };
  }

  function listMedia(req: VendorRequest, a: Account, path: string): VendorAnswer {
    const fields = parseFields(req.query.get('fields') ?? 'id');
    const limit = Math.min(MAX_PAGE, Math.max(1, Number(req.query.get('limit') ?? PAGE) || PAGE));
    const after = req.query.get('after');
    const start = after ? Number(Buffer.from(after, 'base64url').toString()) + 1 : 0;
    const page = a.media.slice(start, start + limit);
    const cursor = (i: number) => Buffer.from(String(i)).toString('base64url');
    const paging: Record<string, unknown> = page.length ? { cursors: { before: cursor(start), after: cursor(start + page.length - 1) } } : {};
    if (start + limit < a.media.length) {
      const next = new URL(`https://graph.instagram.com${path}`);
      for (const [k, v] of req.query) if (k !== 'after') next.searchParams.set(k, v);
      next.searchParams.set('after', cursor(start + page.length - 1));
      paging.next = next.toString();
    }
    return { status: 200, body: { data: page.map((m) => present(m, fields, a)), paging } };
  }

  async function graph(req: VendorRequest): Promise<VendorAnswer> {
    const path = req.path.replace(/^\/v\d+\.\d+/, '');
    if (path === '/access_token') return exchangeLong(req, 'ig_exchange_token');
    if (path === '/refresh_access_token') return exchangeLong(req, 'ig_refresh_token');
    if (limited.count > 0) {
      limited.count--;
      return graphError(
        403,
        { message: RATE_LIMITS[limited.code] ?? RATE_LIMITS[4], type: 'OAuthException', code: limited.code, is_transient: true },
        { 'x-app-usage': '{"call_count":100,"total_cputime":12,"total_time":31}' },
      );
    }
    const who = tokenOf(req);
    if (!('account' in who)) return who;
    const a = who.account;
    if (path === '/me' || path === `/${a.user_id}`) {
      const fields = parseFields(req.query.get('fields') ?? 'id');
      const all: Record<string, unknown> = {
        id: a.user_id,
        user_id: a.user_id,
        username: a.username,
        account_type: a.account_type,
        media_count: a.media.length,
      };
      return { status: 200, body: Object.fromEntries([['id', a.user_id], ...[...fields.keys()].filter((f) => all[f] !== undefined).map((f) => [f, all[f]])]) };
    }
    if (path === '/me/media' || path === `/${a.user_id}/media`) return listMedia(req, a, req.path);
    return graphError(400, {
      message: `Unsupported get request. Object with ID '${path.slice(1)}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
    });
  }

  return {
    name: 'instagram',
    hosts: ['www.instagram.com', 'api.instagram.com', 'graph.instagram.com', 'scontent.cdninstagram.com'],
    async handle(req) {
      if (req.host === 'scontent.cdninstagram.com') {
        const file = req.path.replace(/^\/v\//, '');
        const video = file.endsWith('.mp4');
        const bytes = req.method !== 'GET' ? undefined : video ? await videoOf(file) : await picture(file);
        return bytes
          ? { status: 200, headers: { 'content-type': video ? 'video/mp4' : 'image/jpeg' }, body: bytes }
          : { status: 404, body: 'URL signature expired' };
      }
      if (req.host === 'graph.instagram.com' && req.method === 'GET') return graph(req);
      if (req.method === 'GET' && req.path === '/oauth/authorize') return authorizePage(req);
      if (req.method === 'GET' && req.path === '/oauth/authorize/allow') return redirectBack(req, true);
      if (req.method === 'GET' && req.path === '/oauth/authorize/deny') return redirectBack(req, false);
      if (req.host === 'api.instagram.com' && req.method === 'POST' && req.path === '/oauth/access_token') return exchangeCode(req);
      return graphError(404, { message: 'Unknown path components', type: 'OAuthException', code: 2500 });
    },
    control: {
      /** another app (id and secret) the emulator accepts */
      app: ({ appId, appSecret }: { appId: string; appSecret: string }) => void apps.set(appId, appSecret),
      /** the account that signs in on the authorization window (created with four posts unless `empty`) */
      login: (o: { username: string; account_type?: Account['account_type']; empty?: boolean }) => {
        const a = account(o);
        signedIn = a.user_id;
        return { user_id: a.user_id, username: a.username };
      },
      /** a new post at the top of the account's feed; returns its id (and its children's) */
      addMedia: (m: AddMedia) => {
        const item = media(account({ username: m.username }), m);
        return { id: item.id, children: item.children?.map((c) => c.id) ?? [] };
      },
      /** the post is deleted on Instagram */
      removeMedia: ({ username, id }: { username?: string; id: string }) => {
        const a = account({ username });
        a.media = a.media.filter((m) => m.id !== id);
      },
      /** every token of the account expires now (code 190, subcode 463 from the next call) */
      expire: ({ username }: { username?: string }) => {
        const a = account({ username });
        for (const t of tokens.values()) if (t.userId === a.user_id) t.expiresAt = Date.now() - 1000;
      },
      /** the account's tokens were issued `days` earlier */
      age: ({ username, days }: { username?: string; days: number }) => {
        const a = account({ username });
        for (const t of tokens.values())
          if (t.userId === a.user_id) {
            t.issuedAt -= days * DAY;
            t.expiresAt -= days * DAY;
          }
      },
      /** the next `count` Graph calls are refused with rate-limit code 4, 17 or 32 */
      rateLimit: ({ count, code }: { count: number; code?: number }) => void (limited = { count, code: code ?? 4 }),
      /** the accounts' tokens: when each expires (for tests to see a refresh) */
      tokens: ({ username }: { username?: string } = {}) =>
        [...tokens.entries()]
          .filter(([, t]) => !username || accounts.get(t.userId)?.username === username)
          .map(([token, t]) => ({ token, long: t.long, issuedAt: t.issuedAt, expiresAt: t.expiresAt })),
    },
    reset() {
      accounts.clear();
      tokens.clear();
      codes.clear();
      pictures.clear();
      apps.clear();
      apps.set(INSTAGRAM_EMULATOR_APP.appId, INSTAGRAM_EMULATOR_APP.appSecret);
      signedIn = undefined;
      limited = { count: 0, code: 4 };
    },
  } satisfies Vendor & { reset(): void };
}

/** Two seconds of colour bars as H.264 in an MP4, as Instagram serves a reel; rejects without ffmpeg. */
async function makeClip(): Promise<Buffer> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ig-clip-')), 'clip.mp4');
  await promisify(execFile)(
    'ffmpeg',
    [
      '-hide_banner',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x320:rate=15:duration=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      file,
    ],
    { timeout: 30_000 },
  );
  const bytes = fs.readFileSync(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return bytes;
}
