// The page itself: small, script-free, server-rendered in the shopper's language (the kernel's page
// frame), one section per question a shopper (and the Omnibus Directive) asks. Every sentence comes
// from a fact (api/facts.ts); a fact nobody states is left out rather than guessed.
import { customerPage, esc, type Translate } from '@plaudit/kernel';
import type { DisclosureFacts } from './facts';

/** Marketplace names are names: the same in every language. `imported` (a file or another app) is worded. */
const SOURCE_NAMES: Record<string, string> = { amazon: 'Amazon', aliexpress: 'AliExpress', shopee: 'Shopee', cjdropshipping: 'CJdropshipping' };

const STYLE = `h2{font-size:16px;margin:20px 0 8px}p,li{line-height:1.5}ul{padding-inline-start:20px;margin:0}
.pd-intro{color:#4a4a4a}`;

export interface PageView {
  lang: string;
  t: Translate;
  shopName: string;
  facts: DisclosureFacts;
  /** the page's address for search engines, and the same page in every language */
  canonical?: string;
  alternates: { lang: string; href: string }[];
}

const list = (items: (string | false | null | undefined)[]) =>
  `<ul>${items
    .filter((s): s is string => !!s)
    .map((s) => `<li>${esc(s)}</li>`)
    .join('')}</ul>`;

const section = (id: string, heading: string, body: string) => `<h2 id="${id}">${esc(heading)}</h2>${body}`;

export function renderPage(v: PageView): string {
  const { t, facts, lang } = v;
  const p = facts.policy;
  const days = (n: number) => new Intl.NumberFormat(lang, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(n);
  const count = (n: number) => new Intl.NumberFormat(lang).format(n);
  const names = (values: string[]) => new Intl.ListFormat(lang, { type: 'conjunction' }).format(values);
  const sourceName = (s: string) => SOURCE_NAMES[s] ?? t('review-disclosure:page.sources.file');
  const badge = t('review-disclosure:page.badge');
  const parts: string[] = [];

  if (!p) parts.push(`<p>${esc(t('review-disclosure:page.no_rules'))}</p>`);
  else {
    parts.push(
      section(
        'verified',
        t('review-disclosure:page.verify.heading'),
        list([
          t('review-disclosure:page.verify.request'),
          t(p.formEligibility === 'buyers' ? 'review-disclosure:page.verify.form_buyers' : 'review-disclosure:page.verify.form_everyone'),
          p.verifiedBy.merchant && t('review-disclosure:page.verify.merchant'),
          facts.verifiedBadge === false ? t('review-disclosure:page.verify.badge_hidden') : t('review-disclosure:page.verify.badge_shown', { badge }),
        ]),
      ),
    );
    parts.push(
      section(
        'moderation',
        t('review-disclosure:page.moderation.heading'),
        list([
          p.autoPublish === 'all' ? t('review-disclosure:page.moderation.all') : t('review-disclosure:page.moderation.hold'),
          p.spamHeld && t('review-disclosure:page.moderation.spam'),
          // every held review, by the rule or the spam check
          (p.autoPublish === 'hold' || p.spamHeld) &&
            (p.heldPublishedAfterDays === null
              ? t('review-disclosure:page.moderation.held_never')
              : t('review-disclosure:page.moderation.held_after', { days: days(p.heldPublishedAfterDays) })),
          p.ratingIgnored && t('review-disclosure:page.moderation.ratings'),
          t('review-disclosure:page.moderation.merchant'),
        ]),
      ),
    );
    const imported = Object.entries(p.importedPublished).filter(([, n]) => n > 0);
    const importedCount = imported.reduce((sum, [, n]) => sum + n, 0);
    const filters = facts.marketplaceFilters.filter((f) => f.imported > 0);
    parts.push(
      section(
        'sources',
        t('review-disclosure:page.sources.heading'),
        list([
          !importedCount && !p.enteredByShop && t('review-disclosure:page.sources.none'),
          importedCount > 0 &&
            t('review-disclosure:page.sources.imported', {
              number: count(importedCount),
              sources: names([...new Set(imported.map(([s]) => sourceName(s)))]),
            }),
          ...filters.map((f) =>
            f.stars.length === 5
              ? t('review-disclosure:page.sources.stars_all', { source: sourceName(f.source) })
              : t('review-disclosure:page.sources.stars_some', { source: sourceName(f.source), stars: names(f.stars.map(count)) }),
          ),
          p.enteredByShop > 0 && t('review-disclosure:page.sources.by_shop', { number: count(p.enteredByShop) }),
        ]),
      ),
    );
  }

  const r = facts.reward;
  const discount = r?.method === 'discount' ? r : null;
  const value = (n: number) =>
    discount?.typeDiscount === 'percentage'
      ? t('review-disclosure:page.rewards.percent', { value: new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(n / 100) })
      : t('review-disclosure:page.rewards.fixed', { value: new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(n) });
  const rewarded = !!discount || !!facts.loyaltyApp;
  parts.push(
    section(
      'rewards',
      t('review-disclosure:page.rewards.heading'),
      list(
        rewarded
          ? [
              discount &&
                (discount.valuePhoto === discount.valueText
                  ? t('review-disclosure:page.rewards.discount', { characters: count(discount.charactersRequired), value: value(discount.valueText) })
                  : t('review-disclosure:page.rewards.discount_photo', {
                      characters: count(discount.charactersRequired),
                      value: value(discount.valueText),
                      photoValue: value(discount.valuePhoto),
                    })),
              discount?.eligibility === 'verified' && t('review-disclosure:page.rewards.verified_only'),
              discount &&
                t(discount.sentWhen === 'moderated' ? 'review-disclosure:page.rewards.when_moderated' : 'review-disclosure:page.rewards.when_submitted'),
              facts.loyaltyApp && t('review-disclosure:page.rewards.loyalty', { app: facts.loyaltyApp }),
              t('review-disclosure:page.rewards.same'),
              t('review-disclosure:page.rewards.marked', { marker: t('review-disclosure:page.marker') }),
            ]
          : [t('review-disclosure:page.rewards.none')],
      ),
    ),
  );

  if (p)
    parts.push(
      section(
        'your-review',
        t('review-disclosure:page.own.heading'),
        list([t('review-disclosure:page.own.text', { days: days(p.selfServiceLinkDays) }), t('review-disclosure:page.own.contact')]),
      ),
    );

  const heading = t('review-disclosure:page.heading', { shop: v.shopName });
  const head = [
    `<meta name="description" content="${esc(t('review-disclosure:page.description', { shop: v.shopName }))}">`,
    v.canonical ? `<link rel="canonical" href="${esc(v.canonical)}">` : '',
    ...v.alternates.map((a) => `<link rel="alternate" hreflang="${esc(a.lang)}" href="${esc(a.href)}">`),
  ].join('');
  const bodyHtml = `<article><section><h1>${esc(heading)}</h1><p class="pd-intro">${esc(t('review-disclosure:page.intro', { shop: v.shopName }))}</p>${parts.join('')}</section></article>`;
  return customerPage({ title: `${t('review-disclosure:page.title')} · ${v.shopName}`, lang, bodyHtml, style: STYLE, head });
}
