// Amazon: the product's "customer reviews" pages (`/product-reviews/<ASIN>`), parsed by their
// `data-hook` attributes with cheerio, ten reviews a page, at most ten pages (Amazon's own limit).
// A captcha page (HTTP 503 or 200) is the bot check. Shapes: emulator/marketplaces/README.md.
import type { CheerioAPI } from 'cheerio';
import type { ParsedReview } from '../shared/row';
import {
  countryFromName,
  get,
  marketplaceReview,
  matchesFilters,
  MarketplaceError,
  parseMarketplaceDate,
  photoUrls,
  rating,
  splitName,
  type FetchContext,
  type ReviewFilters,
} from './common';

const MAX_PAGES = 10;

export function isAmazonHost(host: string): boolean {
  return /^(?:www\.|smile\.)?amazon\.(?:com|ca|de|fr|it|es|nl|se|pl|in|sg|ae|sa|eg|co\.uk|co\.jp|com\.mx|com\.br|com\.au|com\.tr|com\.be)$/.test(host);
}

/** `/dp/<ASIN>`, `/<slug>/dp/<ASIN>`, `/gp/product/<ASIN>`, `/product-reviews/<ASIN>` -> the ASIN */
export function amazonAsin(url: URL): string | undefined {
  return /\/(?:dp|gp\/product|gp\/aw\/d|product-reviews)\/([A-Za-z0-9]{10})(?:[/?#]|$)/.exec(url.pathname + '/')?.[1]?.toUpperCase();
}

function isBotCheck(status: number, html: string): boolean {
  return status === 503 || html.includes('/errors/validateCaptcha') || /Enter the characters you see below/i.test(html);
}

/** Amazon's star filter takes one value, or the 4-5 ("positive") and 1-3 ("critical") groups. */
function starFilter(stars: number[]): string | undefined {
  const set = [...new Set(stars)].sort().join('');
  const named: Record<string, string> = { 1: 'one_star', 2: 'two_star', 3: 'three_star', 4: 'four_star', 5: 'five_star', 45: 'positive', 123: 'critical' };
  return named[set];
}

/** "Reviewed in the United Kingdom on 3 May 2021" -> GB and the date */
function reviewedIn(text: string): { country: string | null; date: Date | null } {
  const m = /Reviewed in (.+?) on (.+)$/i.exec(text.trim());
  return m ? { country: countryFromName(m[1]), date: parseMarketplaceDate(m[2]) } : { country: null, date: parseMarketplaceDate(text) };
}

/** A tile's thumbnail (`<name>._SY88.jpg`) -> the full-size photo (`<name>.jpg`). */
const fullSize = (src: string) => src.replace(/\._[^/]*?\.(jpe?g|png|webp)$/i, '.$1');

/** "Emma Johnson" -> Emma / Johnson; Amazon's "Amazon Customer" (no public name) stays whole. */
function author(name: string) {
  const n = name.trim() || 'Amazon Customer';
  return n === 'Amazon Customer' ? { firstName: n, lastName: null } : splitName(n);
}

function parseReviews($: CheerioAPI): ParsedReview[] {
  const out: ParsedReview[] = [];
  $('[data-hook="review"]').each((_, el) => {
    const box = $(el);
    const id = box.attr('id');
    const stars = rating(
      Number(/(\d+(?:\.\d+)?) out of 5/.exec(box.find('[data-hook="review-star-rating"], [data-hook="cmps-review-star-rating"]').first().text())?.[1]),
    );
    if (!id || stars === undefined) return;
    const title = box
      .find('[data-hook="review-title"] span')
      .toArray()
      .map((s) => $(s).text().trim())
      .filter((t) => t && !/out of 5 stars/.test(t))
      .join(' ');
    const body = box.find('[data-hook="review-body"]').first().clone();
    body.find('br').replaceWith('\n');
    const { country, date } = reviewedIn(box.find('[data-hook="review-date"]').first().text());
    out.push(
      marketplaceReview({
        key: `amazon:${id}`,
        rating: stars,
        title: title || null,
        content: body
          .text()
          .split('\n')
          .map((l) => l.replace(/\s+/g, ' ').trim())
          .filter(Boolean)
          .join('\n'),
        ...author(box.find('[data-hook="genome-widget"] .a-profile-name').first().text()),
        country,
        createdAt: date,
        verified: /Verified Purchase/i.test(box.find('[data-hook="avp-badge"], [data-hook="avp-badge-linkless"]').text()),
        incentivized: /Vine Customer Review of Free Product/i.test(box.text()),
        photoUrls: photoUrls(
          box
            .find('img[data-hook="review-image-tile"]')
            .toArray()
            .map((img) => fullSize($(img).attr('src') ?? '')),
        ),
        source: 'amazon',
      }),
    );
  });
  return out;
}

export async function fetchAmazonReviews(pageUrl: URL, asin: string, f: ReviewFilters, ctx: FetchContext): Promise<ParsedReview[]> {
  const out: ParsedReview[] = [];
  const seen = new Set<string>();
  const stars = starFilter(f.stars);
  // loaded on first use: cheerio holds about 8 MB of heap that an idle process need not
  const { load } = await import('cheerio');
  for (let n = 1; n <= MAX_PAGES && out.length < f.maxReviews; n++) {
    const query = new URLSearchParams({ ie: 'UTF8', reviewerType: 'all_reviews', sortBy: 'recent', pageNumber: String(n) });
    if (stars) query.set('filterByStar', stars);
    if (f.withPhotos) query.set('mediaType', 'media_reviews_only');
    const res = await get(`https://${pageUrl.host}/product-reviews/${asin}?${query}`, ctx, 'text/html,application/xhtml+xml');
    if (isBotCheck(res.status, res.body)) throw new MarketplaceError('bot-check', `product-reviews/${asin}: ${res.status}`);
    if (res.status === 404 || res.status === 410) throw new MarketplaceError('wrong-url', `product-reviews/${asin}: ${res.status}`);
    if (res.status >= 400) throw new MarketplaceError('unreachable', `product-reviews/${asin}: ${res.status}`);
    const $ = load(res.body);
    // no review list at all: a sign-in wall or a page of another kind, not "no reviews"
    if (!$('#cm_cr-review_list').length && !$('[data-hook="review"]').length)
      throw new MarketplaceError('unexpected', `product-reviews/${asin}: no review list`);
    const reviews = parseReviews($);
    for (const review of reviews) {
      if (seen.has(review.key) || !matchesFilters(review, f)) continue;
      seen.add(review.key);
      out.push(review);
      if (out.length === f.maxReviews) break;
    }
    const next = $('ul.a-pagination li.a-last');
    if (!reviews.length || !next.length || next.hasClass('a-disabled')) break;
  }
  return out;
}
