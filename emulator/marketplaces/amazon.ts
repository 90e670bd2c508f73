// Amazon's product pages and their "customer reviews" pages (`/product-reviews/<ASIN>`), written with
// the `data-hook` attributes Amazon's own HTML carries, and its bot check ("Enter the characters you
// see below"). Shapes and their sources: README.md.
import { seedProduct, type SeedReview } from './seed';
import type { Answer } from './types';

export const REVIEWS_PER_PAGE = 10;
/** Amazon's review paging stops at page 10 */
export const MAX_PAGES = 10;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const COUNTRY_NAMES: Record<string, string> = {
  US: 'the United States',
  GB: 'the United Kingdom',
  CA: 'Canada',
  AU: 'Australia',
  IN: 'India',
  MX: 'Mexico',
  FR: 'France',
  DE: 'Germany',
  ES: 'Spain',
  BR: 'Brazil',
  PL: 'Poland',
};
const STAR_FILTERS: Record<string, number[]> = {
  one_star: [1],
  two_star: [2],
  three_star: [3],
  four_star: [4],
  five_star: [5],
  positive: [4, 5],
  critical: [1, 2, 3],
};
const HTML = 'text/html;charset=UTF-8';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const asinOf = (s: string) => (/^[A-Z0-9]{10}$/.test(s) ? s : undefined);

export function isAmazonHost(host: string): boolean {
  return /^(?:www\.)?amazon\.(?:com|ca|de|fr|it|es|nl|se|pl|in|sg|co\.uk|co\.jp|com\.mx|com\.br|com\.au)$/.test(host);
}

/** "Reviewed in the United States on September 19, 2024" (UK, India... write "19 September 2024") */
function reviewedIn(r: SeedReview): string {
  const d = r.date;
  const date =
    r.country === 'US' || r.country === 'CA'
      ? `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`
      : `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  return `Reviewed in ${COUNTRY_NAMES[r.country] ?? 'the United States'} on ${date}`;
}

function reviewHtml(r: SeedReview, asin: string): string {
  const link = `/gp/customer-reviews/${r.id}/ref=cm_cr_arp_d_rvw_ttl?ie=UTF8&amp;ASIN=${asin}`;
  const badges = [
    `<a data-hook="format-strip" class="a-size-mini a-link-normal a-color-secondary" href="/product-reviews/${asin}/ref=cm_cr_arp_d_rvw_fmt?ie=UTF8&amp;formatType=current_format">${esc(r.variant)}</a>`,
    r.verified ? '<span data-hook="avp-badge" class="a-size-mini a-color-state a-text-bold">Verified Purchase</span>' : '',
    r.vine
      ? '<span class="a-size-mini a-color-success a-text-bold">Vine Customer Review of Free Product</span><span class="a-letter-space"></span><a class="a-link-normal a-size-mini" href="/vine/about">( What\'s this? )</a>'
      : '',
  ]
    .filter(Boolean)
    .join('<i class="a-icon a-icon-text-separator" role="img" aria-label="|"></i>');
  const images = r.photos.length
    ? `<div class="a-section a-spacing-medium review-image-container"><div class="review-image-tile-section" data-reviewid="${r.id}">${r.photos
        .map(
          (p) =>
            `<img alt="Customer image" src="https://m.media-amazon.com/images/I/${p}._SY88.jpg" data-hook="review-image-tile" class="review-image-tile" height="88" width="100%">`,
        )
        .join('')}</div></div>`
    : '';
  return (
    `<div id="${r.id}" data-hook="review" class="a-section review aok-relative"><div id="${r.id}-review-card" class="a-row a-spacing-none"><div id="customer_review-${r.id}" class="a-section celwidget">` +
    `<div data-hook="genome-widget" class="a-row a-spacing-mini"><a href="/gp/profile/amzn1.account.A${r.id.slice(1)}/ref=cm_cr_arp_d_gw_btm?ie=UTF8" class="a-profile" data-a-size="small"><div class="a-profile-content"><span class="a-profile-name">${esc(r.author)}</span></div></a></div>` +
    `<div class="a-row"><a class="a-link-normal" title="${r.rating}.0 out of 5 stars" href="${link}"><i data-hook="review-star-rating" class="a-icon a-icon-star a-star-${r.rating} review-rating"><span class="a-icon-alt">${r.rating}.0 out of 5 stars</span></i></a><span class="a-letter-space"></span>` +
    `<a data-hook="review-title" class="a-size-base a-link-normal review-title a-color-base review-title-content a-text-bold" href="${link}"><span>${esc(r.title)}</span></a></div>` +
    `<span data-hook="review-date" class="a-size-base a-color-secondary review-date">${reviewedIn(r)}</span>` +
    `<div class="a-row a-spacing-mini review-data review-format-strip">${badges}</div>` +
    `<div class="a-row a-spacing-small review-data"><span data-hook="review-body" class="a-size-base review-text review-text-content"><span>${esc(r.english).replace('. ', '.<br>')}</span></span></div>` +
    images +
    (r.helpful
      ? `<span data-hook="helpful-vote-statement" class="a-size-base a-color-tertiary cr-vote-text">${r.helpful === 1 ? 'One person' : `${r.helpful} people`} found this helpful</span>`
      : '') +
    '</div></div></div>'
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-us" class="a-no-js"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><div id="a-page">${body}</div></body></html>`;
}

/** GET /product-reviews/<ASIN>[/ref=...]?pageNumber&filterByStar&mediaType&reviewerType&sortBy */
export function productReviews(path: string, query: URLSearchParams): Answer | undefined {
  const m = /^(?:\/[^/]+)?\/product-reviews\/([^/?]+)(?:\/.*)?$/.exec(path);
  if (!m) return undefined;
  const asin = asinOf(m[1]);
  const product = asin ? seedProduct('amazon', asin) : undefined;
  if (!asin || !product) return notFound();
  const stars = STAR_FILTERS[query.get('filterByStar') ?? ''];
  const matching = product.reviews.filter(
    (r) =>
      (!stars || stars.includes(r.rating)) &&
      (query.get('mediaType') !== 'media_reviews_only' || r.photos.length > 0) &&
      (query.get('reviewerType') !== 'avp_only_reviews' || r.verified),
  );
  const pageNumber = Math.max(1, Math.floor(Number(query.get('pageNumber')) || 1));
  const lastPage = Math.min(MAX_PAGES, Math.ceil(matching.length / REVIEWS_PER_PAGE));
  const shown = pageNumber > MAX_PAGES ? [] : matching.slice((pageNumber - 1) * REVIEWS_PER_PAGE, pageNumber * REVIEWS_PER_PAGE);
  const next = new URLSearchParams(query);
  next.set('pageNumber', String(pageNumber + 1));
  const nextLink =
    pageNumber < lastPage
      ? `<li class="a-last"><a href="/product-reviews/${asin}/ref=cm_cr_arp_d_paging_btm_next_${pageNumber + 1}?${esc(next.toString())}">Next page<span class="a-letter-space"></span><span class="a-letter-space"></span>→</a></li>`
      : '<li class="a-disabled a-last">Next page<span class="a-letter-space"></span><span class="a-letter-space"></span>→</li>';
  const list = shown.length
    ? shown.map((r) => reviewHtml(r, asin)).join('')
    : '<div class="a-section a-spacing-top-large a-text-center no-reviews-section"><span class="a-size-medium">Sorry, no reviews match your current selections.</span></div>';
  const body =
    `<div id="cm_cr-product_info"><a data-hook="product-link" class="a-link-normal" href="/dp/${asin}">${esc(product.title)}</a></div>` +
    `<div data-hook="cr-filter-info-review-rating-count" class="a-row a-spacing-base a-size-base">${product.reviews.length} total ratings, ${matching.length} with reviews</div>` +
    `<div id="cm_cr-review_list" class="a-section a-spacing-none review-views celwidget">${list}</div>` +
    `<div id="cm_cr-pagination_bar"><ul class="a-pagination">${nextLink}</ul></div>`;
  return { status: 200, type: HTML, body: page(`Amazon.com: Customer reviews: ${product.title}`, body) };
}

/** GET /dp/<ASIN>, /<slug>/dp/<ASIN>, /gp/product/<ASIN> */
export function productPage(path: string): Answer | undefined {
  const m = /^(?:\/[^/]+)?\/(?:dp|gp\/product)\/([^/?]+)(?:\/.*)?$/.exec(path);
  if (!m) return undefined;
  const asin = asinOf(m[1]);
  const product = asin ? seedProduct('amazon', asin) : undefined;
  if (!asin || !product) return notFound();
  const body =
    `<span id="productTitle" class="a-size-large product-title-word-break">${esc(product.title)}</span>` +
    `<input type="hidden" name="ASIN" value="${asin}"><span data-hook="total-review-count">${product.reviews.length} global ratings</span>` +
    `<a data-hook="see-all-reviews-link-foot" href="/product-reviews/${asin}/ref=cm_cr_dp_d_show_all_btm?ie=UTF8&amp;reviewerType=all_reviews">See more reviews</a>`;
  return { status: 200, type: HTML, body: page(`Amazon.com: ${product.title}`, body) };
}

export function notFound(): Answer {
  return {
    status: 404,
    type: HTML,
    body: page(
      'Page Not Found',
      '<img alt="Sorry! We couldn\'t find that page. Try searching or go to Amazon\'s home page." src="https://images-na.ssl-images-amazon.com/images/G/01/error/title._TTD_.png">',
    ),
  };
}

/** The bot check Amazon answers instead of the page (HTTP 503, at times 200). */
export function botCheck(status: number): Answer {
  const body =
    '<div class="a-container a-padding-double-large"><div class="a-row a-spacing-double-large"><h4>Enter the characters you see below</h4>' +
    '<p class="a-last">Sorry, we just need to make sure you\'re not a robot. For best results, please make sure your browser is accepting cookies.</p></div>' +
    '<form method="get" action="/errors/validateCaptcha" name=""><input type="hidden" name="amzn" value="emulated"><input type="hidden" name="amzn-r" value="/">' +
    '<img src="https://images-na.ssl-images-amazon.com/captcha/emulated/Captcha_emulated.jpg">' +
    '<input autocomplete="off" spellcheck="false" placeholder="Type characters" id="captchacharacters" name="field-keywords" type="text">' +
    '<button type="submit" class="a-button-text">Continue shopping</button></form></div>';
  return {
    status,
    type: HTML,
    body: page('Robot Check', `<!-- To discuss automated access to Amazon data please contact api-services-support@amazon.com. -->${body}`),
  };
}

/** The ASIN a page path is about (for the bot check), if any. */
export function asinInPath(path: string): string | undefined {
  return /\/(?:dp|gp\/product|product-reviews)\/([A-Z0-9]{10})(?:[/?]|$)/.exec(path)?.[1];
}
