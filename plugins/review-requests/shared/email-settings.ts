// Email settings (spec section 3): who the request mail comes from, where replies go, and the
// shop's own SMTP server. Shared by the API (validation) and the settings tab (same messages).
import { z } from 'zod';
import { MESSAGES } from './templates';
import type { NotificationSettings } from '@plaudit/contracts/reviews';

const LINK = /(https?:\/\/|www\.)/i;
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320, MESSAGES.max(320))
  .pipe(z.email({ message: MESSAGES.email }));
const optionalEmail = z.union([z.literal('').transform(() => null), email]).nullable();

/** What `PUT /api/settings/emailSetting` accepts; connection details go through the SMTP verification. */
export const emailSettingsInput = z
  .object({
    senderName: z
      .string()
      .trim()
      .max(100, MESSAGES.max(100))
      .refine((v) => !LINK.test(v), MESSAGES.noLinks)
      .transform((v) => v || null)
      .nullable(),
    senderEmail: optionalEmail,
    replyTo: optionalEmail,
    isCustomSenderEnabled: z.boolean(),
    smtpType: z.enum(['app', 'custom']),
  })
  .partial()
  .strict();
export type EmailSettingsInput = z.infer<typeof emailSettingsInput>;

/** A custom SMTP server to verify (and keep when it answers). The password may be left out to keep the stored one. */
export const smtpInput = z
  .object({
    host: z
      .string({ message: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(253, MESSAGES.max(253))
      .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9a-fA-F:]+\]?$/, MESSAGES.invalid),
    port: z
      .union([z.number(), z.string().trim().regex(/^\d+$/, MESSAGES.digits).transform(Number)], { message: MESSAGES.digits })
      .pipe(z.number().int(MESSAGES.digits).min(1, MESSAGES.invalid).max(65_535, MESSAGES.invalid)),
    authentication: z.boolean().default(true),
    username: z.string().trim().max(320, MESSAGES.max(320)).default(''),
    password: z.string().max(1000, MESSAGES.max(1000)).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.authentication && !v.username) ctx.addIssue({ code: 'custom', path: ['username'], message: MESSAGES.required });
  });
export type SmtpInput = z.infer<typeof smtpInput>;

export const testEmailInput = z.object({ email: email.optional(), template: z.record(z.string(), z.unknown()).optional() }).strict();

/** The daily allowance of test emails (spec sections 8 and 9), over a rolling 24 hours. */
export const TEST_EMAIL_DAILY_LIMIT = 25;

/** `GET /api/settings/emailSetting` data. The SMTP password is never sent back, only whether one is kept. */
export interface EmailSettingsView {
  senderEmail: string | null;
  senderName: string | null;
  replyTo: string | null;
  isCustomSenderEnabled: boolean;
  /** the sender email was confirmed through the link mailed to it */
  isVerified: boolean;
  smtpType: 'app' | 'custom';
  host: string | null;
  port: number | null;
  authentication: boolean;
  username: string | null;
  hasPassword: boolean;
  /** the custom SMTP server answered with these settings */
  isSmtpVerified: boolean;
  /** the address request mail goes out from now */
  effectiveFrom: string;
  sentRequestCount: number;
  testEmailsLeft: number;
  sendMethod?: string;
}

/**
 * `GET /api/settings/emailSetting` data: the view plus, when the reviews plugin offers ReviewAdmin,
 * the shop notifications it owns (saved with PUT /api/reviews/settings).
 */
export type EmailSettingsWithNotifications = EmailSettingsView & Partial<NotificationSettings>;
