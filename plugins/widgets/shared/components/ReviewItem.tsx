// One review as every list-shaped widget shows it: stars, reviewer (per settings), verified badge,
// date, pinned/featured markers, title, text, photos (links that open without script; the review
// box script turns them into a lightbox), and the shop's reply.
import type { PublicReview, WidgetContext } from '../widget-types';
import { formatDate, reviewerName, reviewMedia } from './format';
import { Stars } from './Stars';

export interface ReviewItemOptions {
  showMedia?: boolean;
  showReplies?: boolean;
  showProduct?: boolean;
  /** clamp long text to a few lines (carousel, popup, testimonials) */
  compact?: boolean;
}

export function ReviewMeta({ ctx, review }: { ctx: WidgetContext; review: PublicReview }) {
  const g = ctx.settings.general;
  const date = formatDate(review.createdAt, g.dateFormat, ctx.now);
  return (
    <p className="pl-meta">
      <span className="pl-author">{reviewerName(review.author, g.reviewerName)}</span>
      {g.showVerifiedBadge && review.verified ? <span className="pl-verified">Verified buyer</span> : null}
      {g.showCountry && review.country ? <span className="pl-country">{review.country}</span> : null}
      {date ? <time className="pl-date" dateTime={review.createdAt}>{date}</time> : null}
      {review.incentivized ? <span className="pl-incentive">Received a discount for this review</span> : null}
    </p>
  );
}

export function ReviewItem({ ctx, review, options = {} }: { ctx: WidgetContext; review: PublicReview; options?: ReviewItemOptions }) {
  const { showMedia = true, showReplies = true, showProduct = false, compact = false } = options;
  const media = showMedia ? reviewMedia(review) : [];
  const name = reviewerName(review.author, ctx.settings.general.reviewerName);
  return (
    <article className={compact ? 'pl-review pl-compact' : 'pl-review'} data-pl-id={review.id}>
      <div className="pl-review-head">
        <Stars value={review.rating} />
        {review.pinned ? <span className="pl-tag pl-pinned">Pinned</span> : null}
        {review.featured ? <span className="pl-tag pl-featured">Featured</span> : null}
        {review.pending ? <span className="pl-tag pl-unapproved">Awaiting approval</span> : null}
      </div>
      <ReviewMeta ctx={ctx} review={review} />
      {showProduct && review.productTitle ? <p className="pl-product">{review.productTitle}</p> : null}
      {review.title ? <h3 className="pl-review-title">{review.title}</h3> : null}
      <p className="pl-review-body">{review.content}</p>
      {review.variants?.length ? <p className="pl-variants">{review.variants.join(' / ')}</p> : null}
      {media.length ? (
        <ul className="pl-media" aria-label={`Photos from ${name}`}>
          {media.map((m, i) => (
            <li key={i}>
              {m.type === 'video' ? (
                <video className="pl-video" src={m.url} controls preload="none" width={160} height={120} />
              ) : (
                <a className="pl-thumb" href={ctx.preview ? undefined : m.url} target="_blank" rel="noopener nofollow" data-pl-full={m.url} aria-label={`Photo ${i + 1} of ${media.length} from ${name}`}>
                  <img src={m.smallest ?? m.url} srcSet={m.srcset} sizes={m.srcset ? '72px' : undefined} alt="" loading="lazy" decoding="async" width={72} height={72} />
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {showReplies && review.reply?.content ? (
        <div className="pl-reply">
          <p className="pl-reply-by">Reply from {ctx.shopName}</p>
          <p className="pl-reply-body">{review.reply.content}</p>
        </div>
      ) : null}
    </article>
  );
}
