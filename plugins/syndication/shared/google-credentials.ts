// The Google Merchant API push's connection (the kernel's integration routes seal it per shop):
// a service account's JSON key (its client_email and private_key) and the Merchant Center account
// and product review data source the reviews go to. Each field is checked here, so a bad one is a
// 400 naming that field; a key Google refuses is the integration routes' "re-check" 400.
import crypto from 'node:crypto';
import { z } from 'zod';

/** The integration's id (`/api/integrations/google-merchant`, the integrations table). */
export const GOOGLE_APP = 'google-merchant';

const required = 'This field is required';

/** An RSA private key in PEM, as a service account's JSON key holds it (`private_key`). */
function isRsaPrivateKey(pem: string): boolean {
  try {
    return crypto.createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

const digits = (what: string) =>
  z
    .string({ error: required })
    .trim()
    .regex(/^[1-9]\d{0,19}$/, `The ${what} is a number (Merchant Center shows it)`);

export const googleCredentials = z
  .object({
    clientEmail: z
      .string({ error: required })
      .trim()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "The service account's email (client_email in its JSON key)")
      .max(200),
    privateKey: z
      .string({ error: required })
      // a key pasted from JSON may keep its escaped line breaks
      .transform((k) => k.replace(/\\n/g, '\n').trim())
      .refine(isRsaPrivateKey, "The service account's private key (private_key in its JSON key, -----BEGIN PRIVATE KEY-----)"),
    accountId: digits('Merchant Center account id'),
    dataSourceId: digits('product review data source id'),
  })
  .strict();
export type GoogleCredentials = z.infer<typeof googleCredentials>;
