// What the imports plugin relies on from the reviews plugin's `reviews.import` capability (its
// provider side is plugins/reviews/shared/import.ts): many reviews at once, de-duplicated by key,
// and photos through the customers' upload pipeline.
import type { Tenant } from '@plaudit/kernel';

export interface ImportedPhoto {
  url: string;
  type: 'image';
  variants?: { url: string; width: number }[];
}

export interface NewImportedReview {
  kind: 'product' | 'store';
  productId: string | null;
  productTitle: string | null;
  productHandle: string | null;
  rating: number;
  title: string | null;
  content: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  country: string | null;
  variants: string[];
  media: ImportedPhoto[];
  source: string;
  status: 'published' | 'unpublished';
  createdAt?: Date;
  reply: { content: string; at?: Date } | null;
  incentivized: boolean;
  importKey: string;
  importedVerified: boolean;
}

export interface ReviewImporter {
  /** all or none; a bad row throws a ZodError whose issue paths start with the row's index */
  importReviews(tenant: Tenant, rows: NewImportedReview[]): Promise<{ ids: number[]; duplicates: number }>;
  existingKeys(tenant: Tenant, keys: string[]): Promise<Set<string>>;
  /** throws an error named PhotoRefusedError when the bytes are not a photo we accept */
  storePhoto(bytes: Buffer): Promise<ImportedPhoto>;
}

export const REVIEWS_IMPORT = 'reviews.import';
