// What the importer knows about one review app's file: how to recognise it by its header, which of
// its columns feed which field, and how its values are written (dates, scale, separators, states).
// Everything here is data; the rules that apply it live in mapping.ts and review.ts.
import type { Field } from '../shared/row';

/**
 * How a date written with slashes or dots (`03/04/2024`) is read. ISO dates, Excel serial numbers
 * and named months are unambiguous and read the same in every format.
 * - `dmy`, `mdy`: the vendor documents (or writes) that order;
 * - `auto`: only an unambiguous value is read (a day above 12); `03/04/2024` is refused, not guessed.
 */
export type DateOrder = 'dmy' | 'mdy' | 'auto';

export type ReviewState = 'published' | 'unpublished';

/** The product fields a row may name its product by. */
export type ProductField = 'productId' | 'productHandle' | 'productSku';

export interface ImportFormat {
  /** stable id: the import key's prefix (`judgeme:<id>`), the API's and the CLI's `format` */
  id: string;
  /** shown in the mapping step */
  label: string;
  /**
   * Normalised headers (see `normaliseHeader`) that must all be present for a file to be this
   * format; the longest matching signature wins, so a specific format beats a loose one.
   */
  signature: string[];
  /** the same vendor's header in another of its files, with other words (Yotpo's spelled-out export) */
  otherSignatures?: string[][];
  /** field -> the headers that feed it, most specific first (compared normalised) */
  columns: Partial<Record<Field, string[]>>;
  /** fields whose column must exist and whose cells must not be blank (the vendor's required fields) */
  required: Field[];
  /** the product column the "A … column is required" message names when none is mapped */
  productField: ProductField;
  /** rows without a product are the shop's own reviews (else they fail with "This field is required") */
  storeReviews: boolean;
  /** a row may have a rating and no text (only where the source writes such reviews) */
  starOnly: boolean;
  dates: DateOrder;
  /** the highest rating of the file's scale: 5, or 10 / 100, converted to 1-5 */
  ratingScale: number;
  /** between photo URLs in one cell */
  photoSeparator: string | RegExp;
  /**
   * The vendor's own state words (normalised: lower case, no spaces), on top of the shared ones in
   * states.ts. A blank state is published; a word known to neither is imported unpublished, with a note.
   */
  states: { published: string[]; unpublished: string[] };
  /** product values that mean "the shop itself", e.g. Yotpo's site-review product */
  storeProductIds?: string[];
  /** headers of a yes/no column saying the reply was public; a private reply is not imported */
  replyPublic?: string[];
  /** headers of a column naming the review's marketplace (Plaudit's own `source`): kept when it is one */
  marketplace?: string[];
  /** what the mapping doc (FORMATS.md) says about this format's source, for the admin's help text */
  note?: string;
}

/** Readable names of the fields, for 'A {field} column is required' and the mapping step. */
export const FIELD_LABELS: Record<Field, string> = {
  externalId: 'review ID',
  productId: 'product ID',
  productHandle: 'product handle',
  productSku: 'product SKU',
  productTitle: 'product title',
  reviewType: 'review type',
  rating: 'rating',
  title: 'title',
  content: 'review content',
  author: 'reviewer name',
  firstName: 'first name',
  lastName: 'last name',
  email: 'email',
  country: 'country',
  createdAt: 'date',
  reply: 'reply',
  replyAt: 'reply date',
  state: 'state',
  verified: 'verified',
  incentivized: 'incentivized',
  photos: 'photos',
  variantOptions: 'variant options',
  variantValues: 'variant values',
  answers: 'custom question answers',
};
