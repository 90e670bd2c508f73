// Which provider translates a shop's reviews, and whether reviews are translated automatically on
// the storefront (settings 'translations.providers'). Keys and tokens are sealed at rest with the
// kernel's secret box, as integrations' credentials are; the screen gets them back masked.
import { z } from 'zod';

export const PROVIDER_IDS = ['apertium', 'deepl', 'google', 'libretranslate'] as const;

/** A secret as typed (max) and as stored sealed (base64 of it plus the nonce and tag: room for both). */
const secret = (max: number, sealed: boolean) =>
  z
    .string()
    .trim()
    .min(1)
    .max(sealed ? Math.ceil(max * 1.4) + 64 : max);

const shape = (sealed: boolean) =>
  z
    .object({
      provider: z.enum(PROVIDER_IDS),
      /** show reviews already translated into the storefront's language (the original one click away) */
      autoTranslate: z.boolean(),
      deepl: z
        .object({ apiKey: secret(200, sealed) })
        .strict()
        .optional(),
      google: z
        .object({ projectId: z.string().trim().min(1).max(100), accessToken: secret(4096, sealed) })
        .strict()
        .optional(),
      /** a self-hosted server: the operator's, like APy — our servers never fetch a URL a merchant typed */
      libretranslate: z
        .object({ url: z.string().url().max(500), apiKey: secret(200, sealed).optional() })
        .strict()
        .optional(),
      /** the APy server: the operator's, never the merchant's to set (tests point it at theirs) */
      apertium: z
        .object({ url: z.string().url().max(500) })
        .strict()
        .optional(),
    })
    .strict();

export const providerSettings = shape(true);

export type ProviderSettings = z.infer<typeof providerSettings>;

export const DEFAULT_PROVIDER_SETTINGS: ProviderSettings = { provider: 'apertium', autoTranslate: false };

/**
 * What the merchant may PUT: the provider and the vendors' credentials. The self-hosted servers'
 * URLs (APy, LibreTranslate) are the operator's: a merchant-typed URL fetched by our servers would
 * reach our own network.
 */
export const providerSettingsInput = shape(false).omit({ apertium: true, libretranslate: true });
