// An API key as the admin sees it (never its secret), and the create form's schema: the API
// validates with it and the admin's dialog shows the same messages before sending.
import { z } from 'zod';
import { SCOPES, type Scope } from './scopes';

export const KEY_NAME_MAX = 60;

export const keyInput = z
  .object({
    name: z.string().trim().min(1, 'This field is required').max(KEY_NAME_MAX, `At most ${KEY_NAME_MAX} characters`),
    scopes: z
      .array(z.enum(SCOPES, { message: `One of ${SCOPES.join(', ')}` }))
      .min(1, 'Choose at least one scope')
      .transform((s) => [...new Set(s)]),
  })
  .strict();
export type KeyInput = z.input<typeof keyInput>;

export interface ApiKeyView {
  id: number;
  name: string;
  /** the key's first characters, to recognise it: pk_live_ab12 */
  prefix: string;
  scopes: Scope[];
  status: 'active' | 'revoked';
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** the key this one replaced (rotation) */
  rotatedFrom: number | null;
}

/** GET /api/api-keys: the shop's keys, newest first, and whether its plan includes the public API. */
export interface ApiKeyList {
  items: ApiKeyView[];
  access: { allowed: boolean; tier: string };
}

/** POST /api/api-keys and POST /api/api-keys/:id/rotate: the new key, its secret shown this once. */
export type CreatedKey = ApiKeyView & { key: string };
