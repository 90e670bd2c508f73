// The fields of a merchant-editable email and their validation, shared by the kernel's template
// registry (api/mail/templates.ts) and the admin's editor (same messages on both sides). No server
// imports here: the admin bundles this file.
import { z } from 'zod';

// The editor's messages (spec section 5); the admin shows them in the merchant's language.
export const TEMPLATE_MESSAGES = {
  required: 'This field is required',
  invalid: 'The value is invalid',
  digits: 'Must be digits',
  noLinks: 'Links are not allowed here',
  max: (n: number) => `Fill at most ${n} characters`,
};
const M = TEMPLATE_MESSAGES;
const LINK = /(https?:\/\/|www\.)/i;
const isHttpUrl = (v: string) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol);
const text = (max: number) => z.string({ message: M.required }).trim().min(1, M.required).max(max, M.max(max));
const noLinks = (max: number) => text(max).refine((v) => !LINK.test(v), M.noLinks);
const colour = z.string({ message: M.invalid }).regex(/^#[0-9a-fA-F]{6}$/, M.invalid);

export const emailTemplateFields = z
  .object({
    enabled: z.boolean(),
    subject: noLinks(255),
    content: text(20_000),
    buttonText: noLinks(60),
    buttonColor: colour,
    buttonTextColor: colour,
    secondaryButton: z
      .object({ text: noLinks(60), url: text(2000).refine(isHttpUrl, M.invalid) })
      .strict()
      .nullable(),
    // Inside a <style> element: no markup, so it cannot close the element.
    customCss: z
      .string()
      .max(10_000, M.max(10_000))
      .refine((v) => !v.includes('<'), M.invalid),
    /** the quieter second button (confirm-edit's decline) */
    denyButtonText: noLinks(60).optional(),
    /** photo reminder: sent for reviews rated at least this many stars */
    sendFor: z.number({ message: M.digits }).int(M.digits).min(1).max(5).optional(),
    /** days before something expires (reminders of a deadline) */
    sendBefore: z.number({ message: M.digits }).int(M.digits).min(1, M.invalid).max(365, M.invalid).optional(),
  })
  .strict();
export type EmailTemplate = z.infer<typeof emailTemplateFields>;
/** What a save may send: any subset of the fields; the rest keeps its stored (or default) value. */
export const emailTemplatePatch = emailTemplateFields.partial().strict();
