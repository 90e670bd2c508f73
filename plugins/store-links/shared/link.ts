// What the store-links plugin's sides share: the code's shape, a link as the admin shows it, and the
// workflow's input (both shops of a link, the full pass still to do, the changes waiting).
import { z } from 'zod';

/** No 0/O, 1/I: read aloud or typed from another screen. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_TTL_MS = 3_600_000;
/** links per shop: each is one workflow and a copy of the other shop's matching reviews */
export const MAX_LINKS = 10;

/** "K7QX-M2PA-9TBD": three groups of four; spaces, dashes and case are forgiven when entered. */
export const normalizeCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export const joinInput = z
  .object({
    code: z
      .string({ message: 'This field is required' })
      .transform(normalizeCode)
      .refine((c) => c.length === 12 && [...c].every((ch) => CODE_ALPHABET.includes(ch)), 'The code is 12 letters and digits, as the other store shows it'),
  })
  .strict();

export interface StoreLink {
  id: number;
  partnerDomain: string;
  partnerName: string;
  partnerCountry: string | null;
  state: 'linked' | 'unlinking';
  /** the partner's reviews shown here */
  received: number;
  createdAt: string;
}

export interface LinkSide {
  shopId: number;
  shopDomain: string;
}

/** A full pass over one direction's published reviews: `from` is the index of the origin side. */
export interface Backfill {
  from: 0 | 1;
  /** the review feed's cursor of the next page */
  after: string | null;
}

/** Reviews of one shop that changed (created, published, edited, deleted). */
export interface ChangedReviews {
  shopId: number;
  reviewIds: number[];
}

export interface StoreLinkInput {
  linkKey: string;
  sides: [LinkSide, LinkSide];
  backfill?: Backfill[];
  pending?: ChangedReviews[];
  unlinking?: boolean;
}

export const linkWorkflowId = (linkKey: string) => `store-link:${linkKey}`;
