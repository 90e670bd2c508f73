// The email template editor's contract with the admin: the templates themselves are the kernel's
// registry (api/mail/templates.ts: every plugin declares its emails in plugin.ts `emailTemplates`;
// this plugin keeps the editor screens and routes over all of them).
/** A template's key ('reviewReminder'); its route id is the key in kebab-case ('review-reminder'). */
export type TemplateType = string;
export const templateTypeOf = (slug: string): TemplateType | undefined =>
  /^[a-z][a-z0-9-]*$/.test(slug) ? slug.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()) : undefined;

// The catalogue's messages (spec section 5); the admin shows them in the merchant's language.
export const MESSAGES = {
  required: 'This field is required',
  invalid: 'The value is invalid',
  email: 'Invalid email',
  digits: 'Must be digits',
  noLinks: 'Links are not allowed here',
  max: (n: number) => `Fill at most ${n} characters`,
};

export interface TemplateListItem {
  /** the template's key ('reviewReminder') */
  type: string;
  /** the route id ('review-reminder') */
  id: string;
  /** the declaring plugin */
  plugin: string;
  subject: string;
  enabled: boolean;
  customised: boolean;
  /** the shop's plan lets it change this template */
  allowed: boolean;
}
