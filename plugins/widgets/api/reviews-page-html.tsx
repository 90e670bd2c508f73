// The shop's public reviews page as HTML: a whole document (the kernel's page frame), no script,
// indexable. The widgets' own components render the summary and the reviews, so the page reads
// like the all-reviews widget; numbered pages link to each other (rel prev/next), every page names
// its canonical address and its other languages, and the store's reviews carry Organization
// JSON-LD (STORE-REVIEWS.md).
import { renderToStaticMarkup } from 'react-dom/server';
import { customerPage, esc } from '@plaudit/kernel';
import { ReviewList, SummaryBlock, widgetCss } from '../shared/components';
import { Branding } from '../shared/components/Branding';
import { DisclosureLink } from '../shared/components/Disclosure';
import type { PublicReview, Summary, WidgetContext } from '../shared/widget-types';
import { escapeAttr } from './render';
import { jsonLdScript } from './json-ld';

export interface ReviewsPageView {
  ctx: WidgetContext;
  /** what the page lists, counted (the all-reviews `include`) */
  summary: Summary;
  reviews: PublicReview[];
  page: number;
  pages: number;
  /** a page's address under the mount the shopper came through */
  pageUrl: (page: number) => string;
  /** the address search engines should keep (the shop's own domain) */
  canonical: string;
  /** the same page in every storefront language */
  alternates: { lang: string; href: string }[];
  /** the Organization node, when the shop has store reviews and rich snippets are on */
  jsonLd: Record<string, unknown> | null;
}

const PAGE_STYLE = `main{max-width:880px}.pl-page{background:#fff;border-radius:12px;padding:20px}.pl-page h1{font-size:1.6em;margin:0 0 .8em}
.pl-pages{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5em 1em;margin:1.2em 0 0;padding-top:1em;border-top:1px solid rgba(127,127,127,.25)}
.pl-pages a{min-height:44px;display:inline-flex;align-items:center;color:inherit}`;

function Pages({ ctx, page, pages, pageUrl }: Pick<ReviewsPageView, 'ctx' | 'page' | 'pages' | 'pageUrl'>) {
  if (pages < 2) return null;
  const { t } = ctx.text;
  return (
    <nav className="pl-pages" aria-label={t('store.pages')}>
      {page > 1 ? (
        <a href={pageUrl(page - 1)} rel="prev">
          {t('store.previous')}
        </a>
      ) : (
        <span />
      )}
      <span aria-current="page">{t('store.page_of', { page: ctx.text.number(page), pages: ctx.text.number(pages) })}</span>
      {page < pages ? (
        <a href={pageUrl(page + 1)} rel="next">
          {t('store.next')}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

function Body(v: ReviewsPageView) {
  const { ctx } = v;
  const { t } = ctx.text;
  return (
    <article className="pl-widget pl-w-all-reviews pl-page" lang={ctx.text.lang} dir={ctx.text.dir}>
      <h1>{t('store.page_heading', { shop: ctx.shopName })}</h1>
      {v.summary.count > 0 ? (
        <>
          <SummaryBlock text={ctx.text} summary={v.summary} filter={false} />
          <ReviewList ctx={ctx} reviews={v.reviews} next={null} options={{ showProduct: true, storeTag: true }} />
        </>
      ) : (
        <p className="pl-empty">{t('common.no_reviews')}</p>
      )}
      <Pages ctx={ctx} page={v.page} pages={v.pages} pageUrl={v.pageUrl} />
      <DisclosureLink ctx={ctx} />
      <Branding ctx={ctx} />
    </article>
  );
}

export function renderReviewsPage(v: ReviewsPageView): string {
  const { ctx } = v;
  const { t } = ctx.text;
  const link = (rel: string, href: string, extra = '') => `<link rel="${rel}" href="${escapeAttr(href)}"${extra}>`;
  const head = [
    `<meta name="robots" content="index,follow">`,
    `<meta name="description" content="${esc(t('store.page_description', { shop: ctx.shopName }))}">`,
    link('canonical', v.canonical),
    v.page > 1 ? link('prev', v.pageUrl(v.page - 1)) : '',
    v.page < v.pages ? link('next', v.pageUrl(v.page + 1)) : '',
    ...v.alternates.map((a) => link('alternate', a.href, ` hreflang="${escapeAttr(a.lang)}"`)),
    v.jsonLd ? jsonLdScript(v.jsonLd) : '',
  ].join('');
  const title =
    v.page > 1
      ? `${t('store.page_title', { shop: ctx.shopName })} · ${t('store.page_of', { page: ctx.text.number(v.page), pages: ctx.text.number(v.pages) })}`
      : t('store.page_title', { shop: ctx.shopName });
  return customerPage({
    title,
    lang: ctx.text.lang,
    head,
    style: widgetCss(ctx.settings, ['all-reviews']) + PAGE_STYLE,
    bodyHtml: renderToStaticMarkup(<Body {...v} />),
  });
}

/** A 4xx page in the shopper's language, never indexed. */
export function reviewsErrorPage(text: { title: string; message: string; back?: { href: string; label: string } }, lang: string): string {
  const back = text.back ? `<p><a href="${escapeAttr(text.back.href)}">${esc(text.back.label)}</a></p>` : '';
  return customerPage({
    title: text.title,
    lang,
    head: '<meta name="robots" content="noindex">',
    bodyHtml: `<section><h1>${esc(text.title)}</h1><p>${esc(text.message)}</p>${back}</section>`,
  });
}
