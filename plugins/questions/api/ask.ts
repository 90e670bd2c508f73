// A question a shopper asks on the product page (the Q&A block's form, through the app proxy): the
// shop's switch and plan, rate limits, honeypot, validation, the product checked against the store,
// spam hold, and the QuestionCreated event (the merchant's mail) in the question's transaction.
// Throws http-errors with the spec's English messages; storefront-routes.ts words them for the shopper.
import createHttpError from 'http-errors';
import { z } from 'zod';
import { type ApiServices, findUnsafeText, hitAll, RateLimit, type ShopView } from '@plaudit/kernel';
import { QuestionRow } from '../db/models';
import { QuestionCreated, type QuestionCreatedPayload } from '@plaudit/contracts/questions';
import { INVALID, INVALID_EMAIL, MAX_NAME, MAX_QUESTION, REQUIRED, type Status } from '../shared/question';
import { questionSettingsOf } from '../shared/settings';
import { findProduct, productGid } from './product';
import { looksLikeSpam } from './spam';

export const RATE_LIMITED = 'Too many questions were sent from here. Please try again in a few minutes.';
export const NOT_AVAILABLE = 'Questions are not available for this store';
export const TRY_AGAIN = 'The store could not be reached. Please try again in a moment.';
export const MIN_QUESTION = 3;

/** per shopper address and per asker email, in one shop: a shopper rarely asks more than a few */
export const PER_ASKER = { points: 5, perSeconds: 600 };
/** per shop: stops a flood from rotating addresses and emails */
export const PER_SHOP = { points: 200, perSeconds: 600 };

export interface Asker {
  shop: ShopView;
  /** the app proxy's logged_in_customer_id, null for a guest */
  customerId: string | null;
  /** the shopper's address as Shopify passes it on */
  ip: string;
  /** the storefront language the block was shown in */
  lang: string;
}

interface AskFields {
  productId: string;
  name: string;
  email: string;
  question: string;
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** Every field's problem, with the spec's messages; the value when there is none. */
export function checkQuestion(fields: Record<string, unknown>): { value?: AskFields; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const raw = { productId: text(fields.productId), name: text(fields.name), email: text(fields.email), question: text(fields.question) };
  const productId = productGid(raw.productId);
  if (!raw.productId) errors.productId = REQUIRED;
  else if (!productId) errors.productId = INVALID;
  if (!raw.name) errors.name = REQUIRED;
  else if (raw.name.length > MAX_NAME) errors.name = INVALID;
  if (!raw.email) errors.email = REQUIRED;
  else if (raw.email.length > 320 || !z.email().safeParse(raw.email).success) errors.email = INVALID_EMAIL;
  if (!raw.question) errors.question = REQUIRED;
  else if (raw.question.length < MIN_QUESTION || raw.question.length > MAX_QUESTION) errors.question = INVALID;
  for (const [field, value] of Object.entries(raw)) if (findUnsafeText(value) !== undefined) errors[field] ??= INVALID;
  return Object.keys(errors).length ? { errors } : { errors, value: { ...raw, productId: productId! } };
}

export function questionAsker(services: ApiServices) {
  const { knex, platform, shops, events } = services;
  const settings = questionSettingsOf(services.settings);
  const perAddress = new RateLimit(knex, 'questions-address', PER_ASKER);
  const perEmail = new RateLimit(knex, 'questions-email', PER_ASKER);
  const perShop = new RateLimit(knex, 'questions-shop', PER_SHOP);

  return async function ask({ shop, customerId, ip, lang }: Asker, fields: Record<string, unknown>): Promise<{ id: number; status: Status }> {
    if (!shop.appEnabled || !shops.allows(shop, 'questions')) throw createHttpError(403, NOT_AVAILABLE, { code: 'QUESTIONS_NOT_AVAILABLE' });
    // Every attempt counts: one address cannot ask for many emails, nor one email from many addresses.
    const email = text(fields.email).toLowerCase();
    const checks: [RateLimit, string][] = [[perAddress, `${shop.id}:${ip}`]];
    if (email) checks.push([perEmail, `${shop.id}:${email}`]);
    const wait = (await hitAll(checks)) || (await perShop.hit(String(shop.id)));
    if (wait) throw createHttpError(429, RATE_LIMITED, { code: 'RATE_LIMITED', headers: { 'Retry-After': String(wait) } });

    // A filled honeypot is a bot: answer like a held question and keep nothing.
    if (text(fields.website)) return { id: 0, status: 'pending' };

    const { value, errors } = checkQuestion(fields);
    if (!value) throw createHttpError(400, 'Validation failed', { errors });
    const product = platform
      ? await findProduct(platform, shop.domain, value.productId).catch(() => {
          throw createHttpError(503, TRY_AGAIN);
        })
      : null;
    if (platform && !product) throw createHttpError(400, 'Validation failed', { errors: { productId: INVALID } });

    const { autoPublish } = await settings.get(shop.id);
    const spam = looksLikeSpam(`${value.name} ${value.question}`);
    const status: Status = autoPublish && !spam ? 'published' : 'pending';
    const tenant = services.tenant(shop.id, shop.domain);
    const row = await knex.transaction(async (trx) => {
      const saved = await tenant.insert(
        QuestionRow,
        {
          productId: value.productId,
          productTitle: product?.title ?? null,
          productHandle: product?.handle ?? null,
          askerName: value.name,
          askerEmail: value.email,
          customerId: customerId ? `gid://shopify/Customer/${customerId}` : null,
          body: value.question,
          locale: lang,
          status,
          heldAsSpam: spam,
        },
        trx,
      );
      const event: QuestionCreatedPayload = { shopId: shop.id, shopDomain: shop.domain, questionId: Number(saved.id), productId: value.productId, status };
      await events.emit(QuestionCreated, event, { key: saved.id, shopDomain: shop.domain, trx });
      return saved;
    });
    return { id: Number(row.id), status };
  };
}
