// One review as every list-shaped widget shows it: stars, reviewer (per settings), verified badge,
// date, pinned/featured markers, title, text, photos (links that open without script; the review
// box script turns them into a lightbox), and the shop's reply. What shoppers wrote is marked
// dir="auto": a Hebrew review reads right to left in an English widget, and the reverse. A review in
// another language than the page's carries its language (lang) and, when the shop's translations
// offer it, "See translation".
import type { PublicReview, WidgetContext } from '../widget-types';
import { formatDate, reviewerName, reviewMedia } from './format';
import { Stars } from './Stars';

export interface ReviewItemOptions {
  showMedia?: boolean;
  showReplies?: boolean;
  showProduct?: boolean;
  /** clamp long text to a few lines (carousel, popup, testimonials) */
  compact?: boolean;
  /** the page's product in a grouped review box: a review of another product of the group names it */
  pageProduct?: string;
  /** name a review of the store itself as such (the shop's public reviews page lists both kinds) */
  storeTag?: boolean;
}

export function ReviewMeta({ ctx, review }: { ctx: WidgetContext; review: PublicReview }) {
  const g = ctx.settings.general;
  const { t } = ctx.text;
  const date = formatDate(review.createdAt, g.dateFormat, ctx.now, ctx.text.lang);
  return (
    <p className="pl-meta">
      <span className="pl-author" dir="auto">
        {reviewerName(review.author, g.reviewerName, t('review.anonymous'))}
      </span>
      {g.showVerifiedBadge && review.verified ? <span className="pl-verified">{t('review.verified')}</span> : null}
      {g.showCountry && review.country ? <span className="pl-country">{review.country}</span> : null}
      {date ? (
        <time className="pl-date" dateTime={review.createdAt}>
          {date}
        </time>
      ) : null}
      {review.incentivized ? <span className="pl-incentive">{t('review.incentivized')}</span> : null}
    </p>
  );
}

/** "From our store in Germany": a review a linked store of the merchant shares (its country named in the page's language). */
function FromStore({ ctx, origin }: { ctx: WidgetContext; origin: NonNullable<PublicReview['origin']> }) {
  const { t, lang } = ctx.text;
  let place = origin.shopName;
  try {
    if (origin.country) place = new Intl.DisplayNames([lang], { type: 'region' }).of(origin.country) ?? place;
  } catch {
    // a language the runtime cannot name regions in: the store's name
  }
  return <p className="pl-product pl-origin">{t('review.from_store', { store: place })}</p>;
}

/**
 * "See translation" under a review in another language than the page's (the script fetches it and
 * swaps the words; "See original" swaps them back). Script-only: hidden until the script runs.
 */
function SeeTranslation({ ctx, from }: { ctx: WidgetContext; from: string }) {
  return (
    <p className="pl-tr pl-js">
      <button type="button" className="pl-link pl-tr-toggle" data-pl-from={from}>
        {ctx.text.t('review.see_translation')}
      </button>
      <span className="pl-tr-note" role="status" />
    </p>
  );
}

export function ReviewItem({ ctx, review, options = {} }: { ctx: WidgetContext; review: PublicReview; options?: ReviewItemOptions }) {
  const { showMedia = true, showReplies = true, showProduct = false, compact = false, pageProduct, storeTag = false } = options;
  const media = showMedia ? reviewMedia(review) : [];
  const { t } = ctx.text;
  const name = reviewerName(review.author, ctx.settings.general.reviewerName, t('review.anonymous'));
  const from = review.translateFrom;
  return (
    <article className={compact ? 'pl-review pl-compact' : 'pl-review'} data-pl-id={review.id}>
      <div className="pl-review-head">
        <Stars value={review.rating} text={ctx.text} />
        {review.pinned ? <span className="pl-tag pl-pinned">{t('review.pinned')}</span> : null}
        {review.featured ? <span className="pl-tag pl-featured">{t('review.featured')}</span> : null}
        {review.pending ? <span className="pl-tag pl-unapproved">{t('review.pending')}</span> : null}
      </div>
      <ReviewMeta ctx={ctx} review={review} />
      {storeTag && review.kind === 'store' ? (
        <p className="pl-product pl-of-store">{t('store.store_review')}</p>
      ) : showProduct && review.productTitle ? (
        <p className="pl-product" dir="auto">
          {review.productTitle}
        </p>
      ) : pageProduct && review.productId !== pageProduct && review.productTitle ? (
        <p className="pl-product" dir="auto">
          {t('review.reviewed_product', { product: review.productTitle })}
        </p>
      ) : null}
      {review.origin ? <FromStore ctx={ctx} origin={review.origin} /> : null}
      {review.title ? (
        <h3 className="pl-review-title" dir="auto" lang={from}>
          {review.title}
        </h3>
      ) : null}
      <p className="pl-review-body" dir="auto" lang={from}>
        {review.content}
      </p>
      {from && !ctx.preview ? <SeeTranslation ctx={ctx} from={from} /> : null}
      {review.variants?.length ? (
        <p className="pl-variants" dir="auto">
          {review.variants.join(' / ')}
        </p>
      ) : null}
      {media.length ? (
        <ul className="pl-media" aria-label={t('review.photos', { name })}>
          {media.map((m, i) => (
            <li key={i}>
              {m.type === 'video' ? (
                // the poster until the shopper presses play: nothing of the video loads before (no autoplay)
                <video
                  className="pl-video"
                  src={m.url}
                  poster={m.poster}
                  controls
                  preload="none"
                  playsInline
                  width={160}
                  height={120}
                  aria-label={m.caption ?? t('review.video', { name })}
                  crossOrigin={m.captions ? 'anonymous' : undefined}
                >
                  {m.captions ? <track kind="captions" src={m.captions} srcLang={from ?? ctx.text.lang} label={t('review.captions')} default /> : null}
                </video>
              ) : (
                <a
                  className="pl-thumb"
                  href={ctx.preview ? undefined : m.url}
                  target="_blank"
                  rel="noopener nofollow"
                  data-pl-full={m.url}
                  aria-label={t('review.photo', { index: ctx.text.number(i + 1), total: ctx.text.number(media.length), name })}
                >
                  <img
                    src={m.smallest ?? m.url}
                    srcSet={m.srcset}
                    sizes={m.srcset ? '72px' : undefined}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={72}
                    height={72}
                  />
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {showReplies && review.reply?.content ? (
        <div className="pl-reply">
          <p className="pl-reply-by">{t('review.reply_from', { shop: ctx.shopName })}</p>
          <p className="pl-reply-body" dir="auto">
            {review.reply.content}
          </p>
        </div>
      ) : null}
    </article>
  );
}
