// Signed, expiring links in emails (write a review, open pixel, unsubscribe, add photos, confirm an
// edit, verify a sender): each purpose is declared by the plugin that issues it, with the schema of
// its payload, and named '<plugin>.<purpose>'. HMAC-SHA256 with a key derived from ENCRYPTION_KEY;
// single use, where a purpose needs it, is the issuing plugin's business (it knows what was done).
import crypto from 'node:crypto';
import type { z } from 'zod';

/** What the links read of a plugin's manifest (PluginManifest has these fields). */
export interface LinkPurposes {
  id: string;
  links?: Record<string, z.ZodType<Record<string, unknown>>>;
}

export interface SignedPayload<T> {
  purpose: string;
  shop: string;
  data: T;
  /** expiry, unix seconds */
  exp: number;
}

export class SignedLinks {
  private readonly key: Buffer;
  private readonly purposes = new Map<string, z.ZodType<Record<string, unknown>>>();

  constructor(encryptionKey: Buffer) {
    this.key = Buffer.from(crypto.hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'plaudit signed links v2', 32));
  }

  register(manifests: LinkPurposes[]) {
    for (const m of manifests) for (const [purpose, schema] of Object.entries(m.links ?? {})) this.purposes.set(`${m.id}.${purpose}`, schema);
  }

  /** A token for `purpose`, valid for `ttlSeconds`; the data must match the purpose's schema. */
  sign<T extends Record<string, unknown>>(purpose: string, shop: string, data: T, ttlSeconds: number): string {
    const schema = this.schema(purpose);
    const payload: SignedPayload<unknown> = { purpose, shop, data: schema.parse(data), exp: Math.floor(Date.now() / 1000) + ttlSeconds };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The payload when the token is genuine, of this purpose, unexpired and well-formed; else undefined. */
  verify<T>(purpose: string, token: string, now = Date.now()): SignedPayload<T> | undefined {
    const [body, sig] = String(token).split('.');
    if (!body || !sig) return undefined;
    const expected = Buffer.from(this.mac(body), 'base64url');
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as SignedPayload<unknown>;
      if (payload.purpose !== purpose || payload.exp * 1000 <= now || typeof payload.shop !== 'string') return undefined;
      const data = this.schema(purpose).safeParse(payload.data);
      return data.success ? { ...payload, data: data.data as T } : undefined;
    } catch {
      return undefined;
    }
  }

  private schema(purpose: string) {
    const schema = this.purposes.get(purpose);
    if (!schema) throw new Error(`Signed-link purpose "${purpose}" is not declared by any plugin`);
    return schema;
  }

  private mac(body: string) {
    return crypto.createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
