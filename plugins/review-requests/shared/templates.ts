// The merchant's email templates (spec section 3 'Review-reminder template' and 'Other templates'):
// their shape, defaults, validation and the Liquid variables each one may use. Stored in the kernel
// `settings` table, namespace 'email-templates', as one JSON object keyed by template type; the
// reviews plugin reads `confirmEdit` from there, so keep the keys and field names stable.
import { z } from 'zod';

export const TEMPLATES_NAMESPACE = 'email-templates';

export const TEMPLATE_TYPES = ['reviewReminder', 'photoReminder', 'confirmEdit', 'reviewReply', 'discountNotification', 'discountExpirationReminder'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** The id in routes (/collect-reviews/emails/{id}, /api/email-templates/{id}): kebab-case, as `GET /email?type=review-reminder`. */
export const templateSlug = (type: TemplateType) => type.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export function templateTypeOf(slug: string): TemplateType | undefined {
  const type = slug.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
  return (TEMPLATE_TYPES as readonly string[]).includes(type) ? (type as TemplateType) : undefined;
}

/** Plan feature (api/plans.ts) a template needs to be changed; the review reminder is on every plan. */
export const TEMPLATE_FEATURE: Record<TemplateType, string | null> = {
  reviewReminder: null,
  photoReminder: 'photoReminder',
  confirmEdit: 'confirmEdit',
  reviewReply: 'reviewReply',
  discountNotification: 'discount',
  discountExpirationReminder: 'discount',
};

// The catalogue's messages (spec section 5); the admin shows them in the merchant's language.
export const MESSAGES = {
  required: 'This field is required',
  invalid: 'The value is invalid',
  email: 'Invalid email',
  digits: 'Must be digits',
  noLinks: 'Links are not allowed here',
  max: (n: number) => `Fill at most ${n} characters`,
};

const LINK = /(https?:\/\/|www\.)/i;
const HEX = /^#[0-9a-fA-F]{6}$/;
const isHttpUrl = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

const text = (max: number) => z.string({ message: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, MESSAGES.max(max));
const colour = z.string({ message: MESSAGES.invalid }).regex(HEX, MESSAGES.invalid);

export const secondaryButton = z
  .object({
    text: text(60).refine((v) => !LINK.test(v), MESSAGES.noLinks),
    url: z.string({ message: MESSAGES.required }).trim().min(1, MESSAGES.required).max(2000, MESSAGES.max(2000)).refine(isHttpUrl, MESSAGES.invalid),
  })
  .strict();

export const emailTemplate = z
  .object({
    enabled: z.boolean(),
    subject: text(255).refine((v) => !LINK.test(v), MESSAGES.noLinks),
    content: text(20_000),
    buttonText: text(60).refine((v) => !LINK.test(v), MESSAGES.noLinks),
    buttonColor: colour,
    buttonTextColor: colour,
    secondaryButton: secondaryButton.nullable(),
    // Inside a <style> element: no markup, so it cannot close the element.
    customCss: z.string().max(10_000, MESSAGES.max(10_000)).refine((v) => !v.includes('<'), MESSAGES.invalid),
    /** confirm-edit: the button that declines the edit request */
    denyButtonText: text(60).refine((v) => !LINK.test(v), MESSAGES.noLinks).optional(),
    /** photo reminder: sent for reviews rated at least this many stars */
    sendFor: z.number({ message: MESSAGES.digits }).int(MESSAGES.digits).min(1).max(5).optional(),
    /** discount expiration reminder: days before the code expires */
    sendBefore: z.number({ message: MESSAGES.digits }).int(MESSAGES.digits).min(1, MESSAGES.invalid).max(365, MESSAGES.invalid).optional(),
  })
  .strict();
export type EmailTemplate = z.infer<typeof emailTemplate>;

/** What a save may send: any subset of the fields; the rest keeps its stored (or default) value. */
export const templatePatch = emailTemplate.partial().strict();

/** The fields written in Liquid, checked by parsing before a save. */
export const LIQUID_FIELDS = ['subject', 'content', 'buttonText', 'denyButtonText'] as const;

const BUTTON = { buttonColor: '#303030', buttonTextColor: '#ffffff', secondaryButton: null, customCss: '', enabled: true };

// The review reminder's defaults render exactly the request email the app sent before templates.
export const DEFAULT_TEMPLATES: Record<TemplateType, EmailTemplate> = {
  reviewReminder: {
    ...BUTTON,
    subject: '{{ customer_first_name | default: "Hi" }}, how did you like your order {{ order_name }}?',
    content:
      '<h1 style="margin:0;font-size:22px">Thank you for shopping with {{ shop_name }}</h1>\n' +
      '<p style="font-size:15px;line-height:1.5">Your opinion helps other shoppers. It takes a minute: rate each product below.</p>',
    buttonText: 'Write a review',
  },
  photoReminder: {
    ...BUTTON,
    subject: 'Add a photo to your review of {{ product_title }}',
    content:
      '<h1 style="margin:0;font-size:22px">Thanks for your review, {{ customer_first_name | default: "there" }}!</h1>\n' +
      '<p style="font-size:15px;line-height:1.5">A photo of {{ product_title }} helps other shoppers of {{ shop_name }} decide. Add one in a few seconds.</p>',
    buttonText: 'Add a photo',
    sendFor: 4,
  },
  confirmEdit: {
    ...BUTTON,
    subject: '{{ shop_name }} asks you to update your review',
    content:
      '<h1 style="margin:0;font-size:22px">Would you like to update your review?</h1>\n' +
      '<p style="font-size:15px;line-height:1.5">{{ shop_name }} invites you to edit your review of {{ product_title }}:</p>\n' +
      '<p style="font-size:15px;line-height:1.5;color:#6d7175">“{{ review_content }}”</p>',
    buttonText: 'Edit my review',
    denyButtonText: 'No, thanks',
  },
  reviewReply: {
    ...BUTTON,
    subject: '{{ shop_name }} replied to your review',
    content:
      '<h1 style="margin:0;font-size:22px">{{ shop_name }} replied to your review</h1>\n' +
      '<p style="font-size:15px;line-height:1.5;color:#6d7175">“{{ review_content }}”</p>\n' +
      '<p style="font-size:15px;line-height:1.5">{{ reply_content }}</p>',
    buttonText: 'See the review',
  },
  discountNotification: {
    ...BUTTON,
    subject: 'Thanks for your review: {{ discount_value }} off your next order',
    content:
      '<h1 style="margin:0;font-size:22px">Thank you, {{ customer_first_name | default: "there" }}!</h1>\n' +
      '<p style="font-size:15px;line-height:1.5">Here is {{ discount_value }} off your next order at {{ shop_name }}. Use the code <strong>{{ discount_code }}</strong> before {{ discount_expires_at }}.</p>',
    buttonText: 'Shop now',
  },
  discountExpirationReminder: {
    ...BUTTON,
    subject: 'Your {{ discount_value }} discount expires in {{ days_left }} days',
    content:
      '<h1 style="margin:0;font-size:22px">Your discount is about to expire</h1>\n' +
      '<p style="font-size:15px;line-height:1.5">The code <strong>{{ discount_code }}</strong> gives you {{ discount_value }} off at {{ shop_name }} until {{ discount_expires_at }}.</p>',
    buttonText: 'Use my discount',
    sendBefore: 3,
  },
};

/** Liquid variables each template may use (documented in the editor, filled in every send). */
const COMMON = ['shop_name', 'shop_url', 'customer_first_name', 'customer_name'] as const;
export const TEMPLATE_VARIABLES: Record<TemplateType, readonly string[]> = {
  reviewReminder: [...COMMON, 'order_name', 'products', 'review_url', 'unsubscribe_url'],
  photoReminder: [...COMMON, 'product_title', 'review_content', 'photo_url'],
  confirmEdit: [...COMMON, 'product_title', 'review_content', 'confirm_url', 'deny_url'],
  reviewReply: [...COMMON, 'product_title', 'review_content', 'reply_content', 'review_url'],
  discountNotification: [...COMMON, 'discount_code', 'discount_value', 'discount_expires_at'],
  discountExpirationReminder: [...COMMON, 'discount_code', 'discount_value', 'discount_expires_at', 'days_left'],
};

export interface TemplateListItem {
  type: TemplateType;
  id: string;
  subject: string;
  enabled: boolean;
  customised: boolean;
  /** the shop's plan lets it change this template */
  allowed: boolean;
}

/** The stored object with each template completed by its defaults (a stored value may predate a field). */
export function withTemplateDefaults(stored: unknown): Record<TemplateType, EmailTemplate> {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  return Object.fromEntries(
    TEMPLATE_TYPES.map((type) => {
      const merged = { ...DEFAULT_TEMPLATES[type], ...((value[type] as object) ?? {}) };
      const parsed = emailTemplate.safeParse(merged);
      return [type, parsed.success ? parsed.data : DEFAULT_TEMPLATES[type]];
    }),
  ) as Record<TemplateType, EmailTemplate>;
}
