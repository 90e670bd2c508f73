// The widgets' CSS: one base part (colours and font from settings as custom properties, stars,
// buttons, review cards) plus one part per widget, so a block ships only what it uses. Every class
// is prefixed pl- so nothing leaks into or out of the theme. Sizes are fixed where content loads
// late (stars, thumbnails, cards) so nothing shifts. Sides are logical (inline-start/end), so a
// widget rendered dir="rtl" mirrors; only the sides a merchant picks (popup corner, sidebar edge)
// stay physical.
import type { DisplaySettings } from '../display-settings';

export type WidgetBlock =
  | 'review-box'
  | 'star-rating'
  | 'carousel'
  | 'popup'
  | 'sidebar'
  | 'all-reviews'
  | 'submit-form'
  | 'testimonials'
  | 'customer-portal'
  | 'upsell'
  | 'store-badge';

const BASE = `.pl-widget{color:var(--pl-text);font-family:var(--pl-font);line-height:1.5;box-sizing:border-box}
.pl-widget *,.pl-widget *::before,.pl-widget *::after{box-sizing:inherit}
.pl-widget [hidden]{display:none!important}
.pl-widget[data-pl-pending] .pl-js{visibility:hidden}
.pl-sr{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.pl-stars{position:relative;display:inline-block;flex:none;height:1em;font-size:inherit;line-height:1;color:#d9d9d9;vertical-align:-.1em;white-space:nowrap}
.pl-stars::before,.pl-stars-fill::before{content:"★★★★★"}
.pl-stars-fill{position:absolute;top:0;inset-inline-start:0;height:100%;overflow:hidden;color:var(--pl-star)}
.pl-box{max-width:100%;margin:2em 0}
.pl-title{font-size:1.4em;margin:0 0 .6em;line-height:1.25}
.pl-btn{display:inline-flex;align-items:center;justify-content:center;font:inherit;font-size:.95em;line-height:1.2;padding:.65em 1.2em;border:1px solid var(--pl-accent);border-radius:4px;background:var(--pl-accent);color:var(--pl-bg);cursor:pointer;min-height:44px;text-decoration:none}
.pl-btn:hover{opacity:.9}
.pl-btn:focus-visible,.pl-widget button:focus-visible,.pl-widget a:focus-visible,.pl-widget summary:focus-visible{outline:2px solid var(--pl-accent);outline-offset:2px}
.pl-link{font:inherit;background:none;border:0;padding:0;color:inherit;text-decoration:underline;cursor:pointer}
.pl-empty{opacity:.8}
.pl-brand{font-size:.75em;opacity:.6;margin:1em 0 0}
.pl-list{list-style:none;margin:0;padding:0}
.pl-list>li{border-top:1px solid rgba(127,127,127,.25);padding:1.1em 0}
.pl-review{overflow-wrap:anywhere}
.pl-review-head{display:flex;align-items:center;gap:.5em;flex-wrap:wrap}
.pl-tag{font-size:.7em;text-transform:uppercase;letter-spacing:.05em;border:1px solid currentColor;border-radius:3px;padding:0 .4em;opacity:.75}
.pl-meta{display:flex;flex-wrap:wrap;gap:.25em .75em;margin:.3em 0;font-size:.85em}
.pl-author{font-weight:600}
.pl-verified{color:#18794e}
.pl-verified::before{content:"✓ "}
.pl-incentive{color:#6d7175;font-style:italic}
.pl-date,.pl-country{opacity:.7}
.pl-product{font-size:.85em;margin:.2em 0;opacity:.85}
.pl-product a{color:inherit}
.pl-review-title{font-size:1em;margin:.3em 0 .2em}
.pl-review-body{margin:.2em 0;white-space:pre-line}
.pl-compact .pl-review-body{display:-webkit-box;-webkit-line-clamp:4;-webkit-box-orient:vertical;overflow:hidden}
.pl-variants{font-size:.8em;opacity:.7;margin:.2em 0}
.pl-tr{display:flex;flex-wrap:wrap;align-items:center;gap:0 .75em;margin:.2em 0;font-size:.85em}
.pl-tr-toggle{min-height:24px}
.pl-tr-note{opacity:.7}
.pl-media{display:flex;flex-wrap:wrap;gap:.5em;list-style:none;margin:.6em 0 0;padding:0}
.pl-thumb{display:block;width:72px;height:72px;border-radius:4px;overflow:hidden;background:rgba(127,127,127,.15)}
.pl-thumb img{display:block;width:72px;height:72px;object-fit:cover}
.pl-video{display:block;width:160px;height:120px;background:#000}
.pl-reply{margin:.7em 0 0;margin-inline-start:1em;padding:.5em .9em;border-inline-start:3px solid var(--pl-accent);background:rgba(127,127,127,.08)}
.pl-reply-by{font-weight:600;font-size:.85em;margin:0}
.pl-reply-body{margin:.2em 0 0;white-space:pre-line}
.pl-close{position:absolute;top:4px;inset-inline-end:4px;width:32px;height:32px;border:0;background:none;color:inherit;font-size:22px;line-height:1;cursor:pointer}
`;

const BOX = `.pl-summary{display:flex;flex-wrap:wrap;gap:1.5em 3em;align-items:center;margin-bottom:1em}
.pl-average{display:grid;justify-items:start;gap:.2em}
.pl-average-value{font-size:2.4em;font-weight:700;line-height:1}
.pl-average .pl-stars{font-size:1.3em}
.pl-average-count{font-size:.85em;opacity:.8}
.pl-bars{list-style:none;margin:0;padding:0;min-width:240px}
.pl-bar-row{display:grid;grid-template-columns:2.8em 1fr 3em;gap:.6em;align-items:center;width:100%;min-height:28px;padding:2px 4px;font:inherit;font-size:.85em;color:inherit;background:none;border:1px solid transparent;border-radius:4px;cursor:pointer;text-align:start}
.pl-bar-row[aria-pressed=true]{border-color:var(--pl-accent)}
.pl-bar-row:disabled{cursor:default;opacity:.6}
span.pl-bar-row{cursor:default}
.pl-bar{display:block;height:8px;border-radius:4px;background:rgba(127,127,127,.2);overflow:hidden}
.pl-bar-fill{display:block;height:100%;background:var(--pl-star)}
.pl-answers{margin:.8em 0}.pl-answers-title{font-size:1em;margin:0 0 .3em}.pl-recommend{font-weight:600;margin:.4em 0}.pl-answer-title{font-size:.95em;margin:.6em 0 .2em}.pl-answer-row{grid-template-columns:minmax(5em,auto) 1fr 3em}
.pl-toolbar{display:flex;flex-wrap:wrap;gap:1em;align-items:center;justify-content:space-between;min-height:44px;margin:.5em 0}
.pl-sort{display:inline-flex;gap:.5em;align-items:center;font-size:.9em}
.pl-sort-select{font:inherit;padding:.3em .5em;min-height:36px;color:inherit;background:var(--pl-bg);border:1px solid rgba(127,127,127,.5);border-radius:4px}
.pl-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:0 1.5em}
.pl-more{display:block;margin:1em auto 0}
.pl-widget[aria-busy=true] .pl-list{opacity:.5}
.pl-write{margin-top:1.5em}
.pl-write>summary{list-style:none}
.pl-write>summary::-webkit-details-marker{display:none}
.pl-lightbox{border:0;padding:48px 0 0;width:min(92vw,720px);max-width:none;max-height:96vh;background:#111;color:#fff}
.pl-lightbox::backdrop{background:rgba(0,0,0,.8)}
.pl-lightbox img{display:block;width:100%;height:min(70vh,720px);object-fit:contain;image-rendering:auto}
.pl-lightbox .pl-close{color:#fff;background:rgba(0,0,0,.5);border-radius:50%}
.pl-lb-nav{display:flex;justify-content:space-between;align-items:center;gap:1em;padding:.5em}
.pl-lb-nav button{font:inherit;color:#fff;background:none;border:1px solid rgba(255,255,255,.5);border-radius:4px;min-width:44px;min-height:44px;cursor:pointer}
[dir=rtl] .pl-lb-nav button{transform:scaleX(-1)}
`;

const FORM = `.pl-form{display:grid;gap:.8em;max-width:560px;margin-top:1em}
.pl-form fieldset{border:0;margin:0;padding:0}
.pl-form legend,.pl-field label{font-weight:600;font-size:.9em;margin-bottom:.2em}
.pl-field{display:grid;gap:.2em;margin:0}
.pl-field-row{display:grid;grid-template-columns:1fr 1fr;gap:.8em}
.pl-field input,.pl-field textarea{font:inherit;width:100%;padding:.55em .7em;color:inherit;background:var(--pl-bg);border:1px solid rgba(127,127,127,.55);border-radius:4px}
.pl-field input[type=file]{padding:.4em 0;border:0}
.pl-field .pl-choice{display:flex;gap:.4em;align-items:center;font-weight:400}.pl-field .pl-choice input{width:auto}
.pl-field [aria-invalid=true]{border-color:#c62828}
.pl-hint{font-size:.8em;opacity:.75}
.pl-field-error{color:#c62828;font-size:.85em;margin:0}
.pl-hp{position:absolute;inset-inline-start:-9999px;width:1px;height:1px;overflow:hidden}
.pl-rate-stars{display:inline-flex;flex-direction:row-reverse;justify-content:flex-end}
.pl-rate-star input{position:absolute;opacity:0;width:1px;height:1px}
.pl-rate-star label{display:inline-block;font-size:28px;line-height:1;width:36px;height:36px;text-align:center;color:#d9d9d9;cursor:pointer}
.pl-rate-star input:checked~label,.pl-rate-star:hover label,.pl-rate-star:hover~.pl-rate-star label,.pl-rate-star:has(input:checked)~.pl-rate-star label{color:var(--pl-star)}
.pl-rate-star input:focus-visible+label{outline:2px solid var(--pl-accent)}
.pl-form-status{min-height:1.5em;margin:0;font-weight:600}
.pl-form-status:focus{outline:none}
.pl-submit{justify-self:start}
@media (max-width:480px){.pl-field-row{grid-template-columns:1fr}}
`;

const STAR_RATING = `.pl-star-rating{display:flex;align-items:center;gap:.4em;line-height:1.25;margin:.3em 0}
.pl-count{font-size:.85em}
.pl-upsell{list-style:none;margin:0;padding:0}
.pl-upsell-item{display:flex;align-items:center;gap:.4em;min-height:1.4em}
`;

// the account page: thumbnails and buttons of fixed size, so the list keeps its height as images load
const PORTAL = `.pl-portal-h{font-size:1.05em;margin:1.2em 0 .5em}
.pl-awaiting{list-style:none;margin:0;padding:0;display:grid;gap:.6em}
.pl-awaiting-item{display:grid;grid-template-columns:56px 1fr auto;align-items:center;gap:.8em;min-height:56px}
.pl-awaiting-img{display:block;width:56px;height:56px;border-radius:4px;object-fit:cover;background:rgba(127,127,127,.15)}
.pl-awaiting-title{font-weight:600;overflow-wrap:anywhere}
.pl-unapproved{color:#8a5a00}
@media (max-width:480px){.pl-awaiting-item{grid-template-columns:56px 1fr}.pl-awaiting-write{grid-column:1/-1}}
`;

const CAROUSEL = `.pl-carousel{position:relative}
.pl-track{display:grid;grid-auto-flow:column;grid-auto-columns:min(320px,85%);gap:1em;overflow-x:auto;scroll-snap-type:x mandatory;scroll-behavior:smooth;list-style:none;margin:0;padding:.2em .2em 1em;overscroll-behavior-x:contain}
.pl-slide{scroll-snap-align:start;min-height:200px;padding:1em;border:1px solid rgba(127,127,127,.25);border-radius:8px;background:var(--pl-bg)}
.pl-controls{display:flex;justify-content:center;gap:.5em;min-height:44px}
.pl-nav{min-width:44px;min-height:44px;font:inherit;font-size:1.2em;color:inherit;background:var(--pl-bg);border:1px solid rgba(127,127,127,.4);border-radius:50%;cursor:pointer}
.pl-nav.pl-pause{font-size:.8em}
[dir=rtl] .pl-prev,[dir=rtl] .pl-next{transform:scaleX(-1)}
@media (prefers-reduced-motion:reduce){.pl-track{scroll-behavior:auto}}
.pl-testimonials{padding:1.5em;border-radius:8px;background:var(--pl-t-bg);color:var(--pl-t-text);font-family:var(--pl-t-font,inherit)}
.pl-testimonials .pl-stars-fill{color:var(--pl-t-star)}
.pl-testimonials .pl-slide{background:transparent}
.pl-t-grid .pl-t-items{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:1em}
.pl-t-grid .pl-t-items>li{border:1px solid rgba(127,127,127,.25);border-radius:8px;padding:1em}
`;

const POPUP = `.pl-popup{position:fixed;bottom:16px;z-index:2147483000;width:min(340px,calc(100vw - 32px));min-height:120px;padding:14px 16px;padding-inline-end:40px;border-radius:8px;background:var(--pl-bg);color:var(--pl-text);font-family:var(--pl-font);box-shadow:0 6px 24px rgba(0,0,0,.2);visibility:hidden;opacity:0;transform:translateY(8px);transition:opacity .3s,transform .3s,visibility 0s .3s}
.pl-bottom-left{left:16px}.pl-bottom-right{right:16px}
.pl-popup[data-pl-open]{visibility:visible;opacity:1;transform:none;transition:opacity .3s,transform .3s}
.pl-popup-anim{animation:pl-pop var(--pl-show) linear var(--pl-delay) 1}
@keyframes pl-pop{from,to{visibility:visible;opacity:1;transform:none}}
.pl-popup-static{position:relative;bottom:auto;left:auto;right:auto;visibility:visible;opacity:1;transform:none}
.pl-popup-items{list-style:none;margin:0;padding:0}
.pl-popup-head{display:flex;flex-wrap:wrap;align-items:center;gap:.2em .6em;margin:0;font-size:.85em}
.pl-popup-body{margin:.3em 0 0;font-size:.9em;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
.pl-popup .pl-product{margin:.2em 0 0}
@media (max-width:600px){.pl-no-mobile{display:none}}
@media (prefers-reduced-motion:reduce){.pl-popup,.pl-popup[data-pl-open]{transition:none;transform:none}}
`;

// The tab is 44px thick (a touch target) whatever the theme's font; open, it sits beside the panel,
// and the panel leaves it those 44px on a narrow screen so the tab never covers the reviews. Both
// size their borders in (a theme may reset box-sizing): a content-box panel was 40px wider than
// the 400px the open tab steps aside by, and the tab covered the reviews' first letters.
const SIDEBAR = `.pl-sidebar>summary{list-style:none}
.pl-sidebar>summary::-webkit-details-marker{display:none}
.pl-side-tab{position:fixed;top:50%;z-index:2147482000;box-sizing:border-box;height:44px;line-height:44px;padding:0 1em;background:var(--pl-accent);color:var(--pl-bg);font-family:var(--pl-font);font-weight:600;cursor:pointer;white-space:nowrap}
.pl-side-right .pl-side-tab{right:0;transform:translateY(-50%) rotate(-90deg) translateY(-100%);transform-origin:100% 0;border-radius:6px 6px 0 0}
.pl-side-left .pl-side-tab{left:0;transform:translateY(-50%) rotate(90deg) translateY(-100%);transform-origin:0 0;border-radius:6px 6px 0 0}
.pl-side-panel{position:fixed;top:0;bottom:0;z-index:2147482001;box-sizing:border-box;width:min(400px,calc(100vw - 44px));overflow-y:auto;padding:16px 20px;background:var(--pl-bg);color:var(--pl-text);font-family:var(--pl-font);box-shadow:0 0 24px rgba(0,0,0,.25)}
.pl-side-right .pl-side-panel{right:0}.pl-side-left .pl-side-panel{left:0}
.pl-sidebar[open] .pl-side-tab{z-index:2147482002}
.pl-side-right[open] .pl-side-tab{right:min(400px,calc(100vw - 44px))}
.pl-side-left[open] .pl-side-tab{left:min(400px,calc(100vw - 44px))}
.pl-side-head{position:relative;padding-inline-end:40px}
.pl-side-head .pl-title{outline:none}
.pl-side-static .pl-side-tab,.pl-side-static .pl-side-panel{position:relative;transform:none;top:auto}
`;

// "What customers say" (plugins/insights): only in a box that shows it. Pills wrap, keep a touch
// height, and a dot tells praise (green) from complaint (red); the quotes' marks follow their lang.
export const SAY_CSS = `.pl-say{margin:.8em 0}.pl-quotes{margin:0;padding:0;list-style:none}.pl-quotes li{margin:.3em 0}.pl-quotes cite{font-style:normal;font-size:.85em;opacity:.75}.pl-say-note{font-size:.75em;opacity:.6;margin:.2em 0 .5em}.pl-ai{margin:.3em 0}
.pl-topics{display:flex;flex-wrap:wrap;gap:.4em;margin:0;padding:0;list-style:none}.pl-topic{display:inline-flex;align-items:center;gap:.4em;min-height:36px;padding:0 .8em;border:1px solid rgba(127,127,127,.45);border-radius:18px;color:inherit;font-size:.85em;text-decoration:none}
.pl-topic::before{content:"";width:.5em;height:.5em;border-radius:50%;background:#18794e}.pl-topic.pl-neg::before{background:#c62828}.pl-topic[aria-current]{border-color:var(--pl-accent);box-shadow:inset 0 0 0 1px var(--pl-accent)}
`;

// The store badge: one line, a touch target's height, the theme's colours.
const STORE_BADGE = `.pl-store-badge{display:inline-flex;align-items:center;gap:.45em;min-height:44px;padding:.35em .9em;border:1px solid rgba(127,127,127,.35);border-radius:22px;color:inherit;text-decoration:none;line-height:1.2}
.pl-store-badge:hover{border-color:var(--pl-accent)}
.pl-badge-average{font-weight:700}
.pl-badge-count{font-size:.85em;opacity:.8}
`;

const PARTS: Record<WidgetBlock, string[]> = {
  'review-box': [BOX, FORM],
  'all-reviews': [BOX, FORM],
  'submit-form': [FORM],
  'star-rating': [STAR_RATING],
  'store-badge': [STORE_BADGE],
  upsell: [STAR_RATING],
  carousel: [CAROUSEL],
  testimonials: [CAROUSEL],
  popup: [POPUP],
  sidebar: [SIDEBAR],
  'customer-portal': [PORTAL],
};

const FONT_STACK = (font: string) => (font === 'inherit' ? 'inherit' : `'${font}',system-ui,sans-serif`);

/** Merchant CSS must not close our <style> element: `<` becomes its CSS escape. */
export function escapeCss(css: string): string {
  return css.replace(/</g, '\\3c ');
}

/**
 * The CSS for the given widgets (all when omitted): custom properties from the shop's settings on
 * .pl-widget, the base rules, each widget's rules and the `extra` parts its content needs, then the merchant's custom CSS.
 */
export function widgetCss(settings: DisplaySettings, blocks?: WidgetBlock[], extra: string[] = []): string {
  const g = settings.general;
  const vars = `.pl-widget{--pl-star:${g.starColor};--pl-text:${g.textColor};--pl-accent:${g.accentColor};--pl-bg:${g.backgroundColor};--pl-font:${FONT_STACK(g.font)}}\n`;
  const parts = new Set<string>();
  for (const b of blocks ?? (Object.keys(PARTS) as WidgetBlock[])) for (const p of PARTS[b]) parts.add(p);
  for (const p of extra) parts.add(p);
  return escapeCss(vars + BASE + [...parts].join('') + (g.customCss ? `\n${g.customCss}` : ''));
}
