// Runs in the sandbox of the emulated checkout pages (an iframe per extension block; Shopify runs an
// extension in a Web Worker whose `document` is remote-dom, rendered by checkout): the `shopify` global
// of the extension's target and the Polaris web components it renders, then the extension's module.
// The API is the documented one, in the shape the extension sees it:
// - every target: shopify.extension.target, shopify.sessionToken.get() (a JWT signed with the app secret,
//   5-minute TTL), shopify.settings, shopify.i18n.translate (locales/, `{{name}}` replacements),
//   shopify.localization.language, shopify.shop
//   (shopify.dev/docs/api/checkout-ui-extensions/latest/target-apis/platform-apis/session-token-api);
// - purchase.thank-you.*: shopify.orderConfirmation {order: {id}, number, isFirstOrder}
//   (shopify.dev/docs/api/checkout-ui-extensions/latest/target-apis/checkout-apis/order-api);
// - customer-account.order-status.*: shopify.order {id, name, confirmationNumber, processedAt, cancelledAt}
//   (shopify.dev/docs/api/customer-account-ui-extensions/latest/target-apis/order-status-api/order-api).
// Values are SubscribableSignalLike (value, current, subscribe, destroy); they do not change on a page.
// The components are those the extension uses, with the documented properties and events: s-stack,
// s-heading, s-text, s-choice-list/s-choice (`values`, change), s-checkbox (`checked`, change),
// s-button (`loading`, `disabled`, click), s-link, s-banner
// (shopify.dev/docs/api/checkout-ui-extensions/latest/polaris-web-components).
// The only concession: fetches to the production app's origin go to the local app (as the adapter's
// base URL does for Shopify).

interface HostConfig {
  target: string;
  moduleUrl: string;
  tokenUrl: string;
  apiVersion: string;
  /** the production app origin the extension calls, and where the app listens locally */
  appOrigin: string;
  appUrl: string;
  language: string;
  strings: Record<string, unknown>;
  settings: Record<string, unknown>;
  shop: { id: string; name: string; myshopifyDomain: string; storefrontUrl: string };
  orderConfirmation?: { order: { id: string }; number: string; isFirstOrder: boolean };
  order?: { id: string; name: string; confirmationNumber: string; processedAt: string; cancelledAt: string | null };
}

const config = JSON.parse(document.getElementById('checkout-host')!.textContent!) as HostConfig;

function signal<T>(value: T) {
  return {
    value,
    current: value,
    subscribe(fn: (v: T) => void) {
      fn(value);
      return () => {};
    },
    destroy: async () => {},
  };
}

function translate(key: string, replacements: Record<string, unknown> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], config.strings);
  if (typeof found !== 'string') return key;
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(replacements[name] ?? ''));
}

let cached: { token: string; exp: number } | undefined;
const api: Record<string, unknown> = {
  extension: { target: config.target, apiVersion: config.apiVersion, capabilities: signal(['network_access']), editor: undefined },
  sessionToken: {
    async get() {
      // "returns cached tokens when possible": a fresh one a minute before expiry
      if (cached && cached.exp - 60 > Date.now() / 1000) return cached.token;
      const res = await fetch(config.tokenUrl, { method: 'POST' });
      if (!res.ok) throw new Error('no session token');
      const { token } = (await res.json()) as { token: string };
      cached = { token, exp: JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp };
      return token;
    },
  },
  settings: signal(config.settings),
  i18n: { translate, formatNumber: (n: number) => new Intl.NumberFormat(config.language).format(n) },
  localization: { language: signal({ isoCode: config.language }) },
  shop: config.shop,
};
if (config.orderConfirmation) api.orderConfirmation = signal(config.orderConfirmation);
if (config.order) api.order = signal(config.order);
(globalThis as unknown as { shopify: unknown }).shopify = api;

const nativeFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
  return nativeFetch(url.startsWith(`${config.appOrigin}/`) ? config.appUrl + url.slice(config.appOrigin.length) : input, init);
};

// ---- Polaris web components: properties (what Preact sets) re-render a small shadow tree ----

const STYLE = `:host{display:block;font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;color:#1f1f1f}
button{font:inherit;border:0;border-radius:6px;padding:12px 18px;background:#1f5199;color:#fff;cursor:pointer;min-width:140px}
button[disabled]{background:#c9ccd1;color:#6d7175;cursor:default}button.secondary{background:#fff;color:#1f5199;border:1px solid #c9ccd1}
label{display:flex;gap:10px;align-items:flex-start;cursor:pointer}input{margin:3px 0 0;width:16px;height:16px;accent-color:#1f5199}
fieldset{border:1px solid #dedede;border-radius:6px;padding:0;margin:0}legend{padding:0 0 6px;font-weight:600}
a{color:#1f5199}h2{font-size:18px;margin:0;font-weight:600}.banner{border-radius:6px;padding:12px 14px}
.success{background:#e8f5ec;color:#0d5c2e}.critical{background:#fdecea;color:#8e1f0b}.info{background:#eaf2fb}`;

abstract class Polaris extends HTMLElement {
  state: Record<string, unknown> = {};
  protected root = this.attachShadow({ mode: 'open' });

  connectedCallback() {
    this.update();
  }

  protected flag(prop: string) {
    const v = (this as unknown as Record<string, unknown>)[prop];
    return v === true || v === '' || v === 'true';
  }

  protected paint(html: string) {
    this.root.innerHTML = `<style>${STYLE}</style>${html}`;
  }

  abstract update(): void;
}

const escapeHtml = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const GAPS: Record<string, string> = { none: '0', 'small-300': '4px', 'small-200': '8px', small: '10px', base: '14px', large: '20px', 'large-200': '28px' };

class SStack extends Polaris {
  update() {
    const direction = (this as unknown as { direction?: string }).direction === 'inline' ? 'row' : 'column';
    const gap = GAPS[String((this as unknown as { gap?: string }).gap ?? 'none')] ?? '0';
    this.paint(`<div style="display:flex;flex-direction:${direction};gap:${gap};flex-wrap:wrap"><slot></slot></div>`);
  }
}

class SHeading extends Polaris {
  update() {
    this.paint('<h2 role="heading"><slot></slot></h2>');
  }
}

class SText extends Polaris {
  update() {
    this.paint('<span><slot></slot></span>');
  }
}

class SLink extends Polaris {
  update() {
    const self = this as unknown as { href?: string; target?: string };
    this.paint(`<a href="${escapeHtml(self.href)}" target="${escapeHtml(self.target ?? '_self')}" rel="noopener"><slot></slot></a>`);
  }
}

class SBanner extends Polaris {
  update() {
    const self = this as unknown as { tone?: string; heading?: string };
    this.paint(`<div class="banner ${escapeHtml(self.tone ?? 'info')}" role="status"><strong>${escapeHtml(self.heading)}</strong><slot></slot></div>`);
  }
}

class SButton extends Polaris {
  constructor() {
    super();
    // a disabled or loading button's click never reaches the extension
    this.addEventListener('click', (e) => (this.flag('disabled') || this.flag('loading') ? e.stopImmediatePropagation() : undefined), { capture: true });
  }

  update() {
    const busy = this.flag('loading');
    const secondary = (this as unknown as { variant?: string }).variant === 'secondary' ? 'secondary' : '';
    this.paint(
      `<button type="button" class="${secondary}" ${this.flag('disabled') || busy ? 'disabled' : ''} aria-busy="${busy}">${busy ? '…' : '<slot></slot>'}</button>`,
    );
  }
}

class SCheckbox extends Polaris {
  update() {
    this.paint(
      `<label><input type="checkbox" ${this.flag('checked') ? 'checked' : ''} ${this.flag('disabled') ? 'disabled' : ''}><span>${escapeHtml((this as unknown as { label?: string }).label)}</span></label>`,
    );
    this.root.querySelector('input')!.addEventListener('change', (e) => {
      this.state.checked = (e.target as HTMLInputElement).checked;
      this.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
}

class SChoiceList extends Polaris {
  update() {
    this.paint(
      `<fieldset style="border:0"><legend>${escapeHtml((this as unknown as { label?: string }).label)}</legend><div style="display:flex;flex-direction:column;gap:8px"><slot></slot></div></fieldset>`,
    );
    const values = ((this as unknown as { values?: string[] }).values ?? []) as string[];
    for (const choice of this.querySelectorAll('s-choice')) (choice as SChoice).checkedBy(values.includes((choice as unknown as { value: string }).value));
  }

  /** a choice was picked: one value (single selection), `change` as the documented event */
  pick(value: string) {
    this.state.values = [value];
    this.update();
    this.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

class SChoice extends Polaris {
  private on = false;

  update() {
    const list = this.closest('s-choice-list') as SChoiceList | null;
    const name = escapeHtml((list as unknown as { name?: string } | null)?.name ?? 'choice');
    const on = this.on || this.flag('selected');
    this.paint(
      `<label><input type="radio" name="${name}" ${on ? 'checked' : ''} ${this.flag('disabled') ? 'disabled' : ''}><span><slot></slot></span></label>`,
    );
    this.root.querySelector('input')!.addEventListener('change', () => list?.pick((this as unknown as { value: string }).value));
  }

  checkedBy(on: boolean) {
    this.on = on;
    this.state.selected = on;
    this.update();
  }
}

/** A component's tag and the properties Preact sets on it (stored, and the shadow tree redrawn). */
function define(tag: string, component: new () => Polaris, props: string[]) {
  for (const prop of props) {
    Object.defineProperty(component.prototype, prop, {
      get(this: Polaris) {
        return this.state[prop] ?? this.getAttribute(prop) ?? undefined;
      },
      set(this: Polaris, v: unknown) {
        this.state[prop] = v;
        this.update();
      },
    });
  }
  customElements.define(tag, component);
}

define('s-stack', SStack, ['gap', 'direction']);
define('s-heading', SHeading, []);
define('s-text', SText, ['tone', 'type']);
define('s-link', SLink, ['href', 'target']);
define('s-banner', SBanner, ['tone', 'heading']);
define('s-button', SButton, ['variant', 'loading', 'disabled']);
define('s-checkbox', SCheckbox, ['label', 'checked', 'disabled', 'name']);
define('s-choice-list', SChoiceList, ['label', 'name', 'values', 'multiple']);
define('s-choice', SChoice, ['value', 'selected', 'disabled']);

// The block's height for the page around it (checkout sizes its extension areas the same way).
// (the body's own box: the document's scroll height never falls below the frame's height once it grew)
new ResizeObserver(() => parent.postMessage({ checkoutBlockHeight: Math.ceil(document.body.getBoundingClientRect().height) }, '*')).observe(document.body);

// the target's module: its default export renders the extension into this document's body
void import(config.moduleUrl).then((extension: { default: () => unknown }) => extension.default());

// a module: its names stay out of the page's global scope
export {};
