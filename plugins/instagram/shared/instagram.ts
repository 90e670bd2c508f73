// What the Instagram plugin's sides share: the vendor's endpoints, the app's credentials, the
// screen's wire shapes and the workflows' inputs and ids.
import { z } from 'zod';

export const LABEL = 'Instagram';
export const GRAPH = 'https://graph.instagram.com/v23.0';
export const AUTHORIZE = 'https://www.instagram.com/oauth/authorize';
export const TOKEN_EXCHANGE = 'https://api.instagram.com/oauth/access_token';
export const SCOPE = 'instagram_business_basic';
/** The admin screen (spec section 2) and the OAuth callback Instagram sends the merchant back to. */
export const SCREEN = '/display-settings/instagram-feed';
export const CALLBACK = '/instagram/oauth/callback';
/** Long-lived tokens last 60 days; the schedule refreshes those issued more than 50 days ago. */
export const REFRESH_AFTER_DAYS = 50;
/** Products a post may be tagged with. */
export const MAX_TAGS = 5;

/**
 * The app id and secret the emulator accepts (emulator/integrations/instagram.md): used only when
 * vendor calls go to the integrations emulator and the operator configured no Meta app.
 */
export const EMULATOR_APP = { appId: '990602627938098', appSecret: 'plaudit-emulator-instagram-secret' } as const;

export interface ShopRef {
  shopId: number;
  shopDomain: string;
}

export const syncWorkflowId = (shopDomain: string) => `instagram-sync:${shopDomain}`;
export const refreshWorkflowId = (shopDomain: string) => `instagram-refresh:${shopDomain}`;

export type SyncOutcome = 'synced' | 'not_connected' | 'expired';

/** One re-hosted picture: our own URL of the largest rendition and the smaller ones for srcset. */
export interface Picture {
  url: string;
  width: number;
  height: number;
  variants: { url: string; width: number }[];
}

export interface TaggedProduct {
  id: string;
  title: string;
  handle: string;
  image: string | null;
}

export interface PostView {
  id: number;
  mediaId: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  caption: string | null;
  permalink: string | null;
  postedAt: string | null;
  pictures: Picture[];
  /** a video post's own video, re-hosted by us (its picture is the thumbnail); null otherwise */
  videoUrl: string | null;
  hidden: boolean;
  products: TaggedProduct[];
}

export interface AccountView {
  status: 'connected' | 'disconnected' | 'never';
  username: string | null;
  connectedAt: string | null;
  disconnectedAt: string | null;
  reason: string | null;
  tokenExpiresAt: string | null;
  syncStatus: 'idle' | 'syncing' | 'failed';
  lastSyncAt: string | null;
  lastSyncError: string | null;
  posts: number;
}

export const postPatch = z
  .object({
    hidden: z.boolean().optional(),
    productIds: z
      .array(z.string().regex(/^gid:\/\/shopify\/Product\/\d{1,20}$/, 'The value is invalid'))
      .max(MAX_TAGS, `At most ${MAX_TAGS} products`)
      .optional(),
  })
  .strict();
export type PostPatch = z.infer<typeof postPatch>;
