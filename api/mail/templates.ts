// The merchant-editable emails of every plugin: a plugin declares each in plugin.ts
// (`emailTemplates: { reviewReminder: { variables, buttonUrl, sample, ... } }`), its default texts
// per language in its locales (`email_templates.<key>.subject|content|button_text|deny_button_text`),
// and the kernel keeps the shop's edits (settings namespace 'kernel.email-templates', one object keyed
// '<plugin>.<key>'), validates them (zod, then a Liquid parse and a trial render with the sample, in
// an engine with no file access and bounded size, time and memory) and renders them to the one mail
// layout (MailBody) in the customer's language. Texts the merchant did not change follow the
// customer's language; texts the merchant wrote are sent as written.
import { z } from 'zod';
import { emailTemplateFields, emailTemplatePatch, type EmailTemplate } from './template-fields';
import { esc } from '../kernel/html';
import type { SettingsStore } from '../kernel/settings';
import type { Translations } from '../kernel/i18n';
import type { MailBody, MailButton } from './layout';
import { emailLiquid } from './liquid';

/** A plugin's declaration of one merchant-editable email (plugin.ts `emailTemplates`). */
export interface EmailTemplateDeclaration {
  /** defaults of the fields other than the texts (the texts come from the plugin's locales) */
  defaults?: Partial<Omit<EmailTemplate, 'subject' | 'content' | 'buttonText' | 'denyButtonText'>>;
  /** the plan feature a shop needs to change it (the email itself may still be sent) */
  feature?: string;
  /** the Liquid variables a merchant may use (shown in the editor) */
  variables: string[];
  /** the variable holding the main button's link; without it there is no main button */
  buttonUrl?: string;
  /** one button per entry of the `products` variable ({ title, image_url, review_url }) */
  productButtons?: boolean;
  /**
   * five rating links under each product that has `rating_urls` (its 1..5-star links, in order), each
   * titled by the plugin's text `email_templates.star_title` ({{stars}}): one click starts a review
   */
  productStars?: boolean;
  /** the variable holding the link of the quieter second button (labelled denyButtonText) */
  denyUrl?: string;
  /** values for previews, test mails and the trial render that validates a save */
  sample: Record<string, unknown>;
}

export interface RegisteredTemplate {
  /** '<plugin>.<key>' */
  id: string;
  plugin: string;
  key: string;
  /** the key in kebab-case, for routes: 'review-reminder' */
  slug: string;
  declaration: EmailTemplateDeclaration;
}

export class TemplateInvalid extends Error {
  constructor(readonly errors: Record<string, string>) {
    super('Validation failed');
  }
}

const TEXTS = { subject: 'subject', content: 'content', buttonText: 'button_text', denyButtonText: 'deny_button_text' } as const;
const LIQUID_FIELDS = Object.keys(TEXTS) as (keyof typeof TEXTS)[];
const BASE: Omit<EmailTemplate, keyof typeof TEXTS> = {
  enabled: true,
  buttonColor: '#303030',
  buttonTextColor: '#ffffff',
  secondaryButton: null,
  customCss: '',
};

const html = emailLiquid(true);
// Subjects are a mail header: plain text, no escaping.
const plain = emailLiquid(false);

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const stored = z.record(z.string(), z.record(z.string(), z.unknown()));

export interface RenderOptions {
  /** before the subject ('Reminder: ', '[Test] '), already in the customer's language */
  subjectPrefix?: string;
  /** a draft to render instead of the stored template (editor previews, test mails) */
  draft?: EmailTemplate;
}

/** What the registry reads of a plugin's manifest (PluginManifest has these fields). */
export interface TemplateDeclarations {
  id: string;
  emailTemplates?: Record<string, EmailTemplateDeclaration>;
}

export class EmailTemplates {
  private readonly byId = new Map<string, RegisteredTemplate>();
  /** the shops' edits: { '<plugin>.<key>': { ...changed fields } } */
  private readonly store;

  constructor(
    settings: SettingsStore,
    private readonly i18n: Translations,
    manifests: TemplateDeclarations[],
  ) {
    this.store = settings.namespace('kernel', stored, {}, { key: 'email-templates' });
    for (const m of manifests) {
      for (const [key, declaration] of Object.entries(m.emailTemplates ?? {})) {
        const slug = kebab(key);
        const clash = this.list().find((t) => t.slug === slug);
        if (clash) throw new Error(`Email template "${key}" is declared by both plugin "${clash.plugin}" and plugin "${m.id}"`);
        this.byId.set(`${m.id}.${key}`, { id: `${m.id}.${key}`, plugin: m.id, key, slug, declaration });
      }
    }
  }

  /** Every declared template, in declaration order. */
  list(): RegisteredTemplate[] {
    return [...this.byId.values()];
  }

  /** By id ('reviews.reviewReply') or route slug ('review-reply'). */
  find(idOrSlug: string): RegisteredTemplate | undefined {
    return this.byId.get(idOrSlug) ?? this.list().find((t) => t.slug === idOrSlug);
  }

  private must(id: string): RegisteredTemplate {
    const found = this.byId.get(id);
    if (!found) throw new Error(`Email template "${id}" is not declared by any plugin`);
    return found;
  }

  /** The template's defaults in a language: the declaration's fields and the plugin's texts. */
  defaults(id: string, lang: string): EmailTemplate {
    const t = this.must(id);
    const tr = this.i18n.forLanguage(lang);
    const texts = Object.fromEntries(
      LIQUID_FIELDS.flatMap((field) => {
        const key = `${t.plugin}:email_templates.${t.key}.${TEXTS[field]}`;
        const value = tr(key, { skipInterpolation: true, defaultValue: '' }) as string;
        return value ? [[field, value]] : [];
      }),
    );
    return { ...BASE, ...t.declaration.defaults, ...texts } as EmailTemplate;
  }

  /** The shop's edits of a template (only the fields it changed); undefined when it has none. */
  async edits(shopId: number, id: string): Promise<Partial<EmailTemplate> | undefined> {
    return (await this.store.get(shopId))[this.must(id).id] as Partial<EmailTemplate> | undefined;
  }

  /** The shop's template in a language: its edits over the defaults. */
  async get(shopId: number, id: string, lang: string): Promise<EmailTemplate> {
    const merged = { ...this.defaults(id, lang), ...(await this.edits(shopId, id)) };
    const parsed = emailTemplateFields.safeParse(merged);
    return parsed.success ? parsed.data : this.defaults(id, lang);
  }

  /** The template with a patch applied, validated; throws TemplateInvalid with a message per field. */
  async validate(id: string, current: EmailTemplate, patch: unknown): Promise<EmailTemplate> {
    const next = emailTemplateFields.parse({ ...current, ...emailTemplatePatch.parse(patch ?? {}) });
    const errors: Record<string, string> = {};
    for (const field of LIQUID_FIELDS) {
      const value = next[field];
      if (typeof value !== 'string') continue;
      try {
        await (field === 'subject' ? plain : html).parseAndRender(value, this.must(id).declaration.sample);
      } catch (err) {
        errors[field] = (err as Error).message.slice(0, 300);
      }
    }
    if (Object.keys(errors).length) throw new TemplateInvalid(errors);
    return next;
  }

  /** Stores the shop's template: the fields that differ from the defaults in the shop's language. */
  async save(shopId: number, id: string, template: EmailTemplate, lang: string): Promise<void> {
    const defaults = this.defaults(id, lang);
    const changed = Object.fromEntries(Object.entries(template).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(defaults[k as keyof EmailTemplate])));
    await this.store.update(shopId, (all) => ({ ...all, [id]: changed }));
  }

  /** Back to the defaults. */
  async reset(shopId: number, id: string): Promise<void> {
    await this.store.update(shopId, (all) => Object.fromEntries(Object.entries(all).filter(([k]) => k !== id)));
  }

  /** The email for one customer, in their language, ready for mail.sendToCustomer. */
  async render(shopId: number, id: string, model: Record<string, unknown>, lang: string, options: RenderOptions = {}): Promise<MailBody> {
    const t = this.must(id);
    const template = options.draft ?? (await this.get(shopId, id, lang));
    const d = t.declaration;
    const subject = (options.subjectPrefix ?? '') + (await plain.parseAndRender(template.subject, model)).replace(/[\r\n]+/g, ' ');
    const labelHtml = await html.parseAndRender(template.buttonText, model);
    const button = (url: string, outline = false): MailButton => ({
      url,
      labelHtml,
      background: template.buttonColor,
      color: template.buttonTextColor,
      outline,
    });
    const buttons: MailButton[] = [];
    if (d.buttonUrl && typeof model[d.buttonUrl] === 'string') buttons.push(button(model[d.buttonUrl] as string));
    if (d.denyUrl && template.denyButtonText && typeof model[d.denyUrl] === 'string') {
      buttons.push({ ...button(model[d.denyUrl] as string, true), labelHtml: await html.parseAndRender(template.denyButtonText, model) });
    }
    if (template.secondaryButton) buttons.push({ ...button(template.secondaryButton.url, true), labelHtml: esc(template.secondaryButton.text) });
    const products = d.productButtons
      ? ((model.products ?? []) as { title: string; image_url?: string | null; review_url: string; rating_urls?: string[] }[])
      : [];
    const starTitle = (stars: number) => this.i18n.forLanguage(lang)(`${t.plugin}:email_templates.star_title`, { stars });
    const starsOf = (urls: string[] | undefined) =>
      d.productStars && Array.isArray(urls) && urls.length === 5 ? urls.map((url, i) => ({ url, label: starTitle(i + 1) })) : undefined;
    const unsubscribe = typeof model.unsubscribe_url === 'string' ? model.unsubscribe_url : undefined;
    return {
      subject,
      contentHtml: await html.parseAndRender(template.content, model),
      products: products.map((p) => ({ title: p.title, imageUrl: p.image_url ?? null, button: button(p.review_url), stars: starsOf(p.rating_urls) })),
      buttons,
      footer: String(model.shop_name ?? ''),
      unsubscribe: unsubscribe ? { url: unsubscribe, label: this.i18n.forLanguage(lang)(`${t.plugin}:email_templates.unsubscribe`) } : undefined,
      openPixelUrl: typeof model.open_url === 'string' ? model.open_url : undefined,
      css: template.customCss || undefined,
      lang,
    };
  }
}
