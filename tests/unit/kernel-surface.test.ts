// @plaudit/kernel is what plugins may use and nothing else: the mail internals (sealed SMTP
// passwords, the raw email settings) and the SMTP sink's readers are not in it (tests take the sink
// from @plaudit/kernel/testing; the type check holds them to it). A settings namespace must have a
// schema that checks something, and the kernel's own 'kernel.mail' namespace has one.
import type { Knex } from 'knex';
import { z } from 'zod';
import * as kernel from '../../api/kernel';
import { DEFAULT_EMAIL_SETTINGS, storedEmailSettings } from '../../api/mail/sender';
import { SettingsStore } from '../../api/kernel/settings';

const INTERNALS = [
  'sealPassword',
  'openPassword',
  'storeEmailSettings',
  'loadEmailSettings',
  'verifySmtp',
  'senderFor',
  'usesCustomSmtp',
  'DEFAULT_EMAIL_SETTINGS',
  'listMail',
  'mailDir',
  'parseHeaders',
  'emailLiquid',
  'BaseModel',
  'isPermanentFailure',
  'IntegrationsService',
];

test('the barrel leaves internals out', () => {
  expect(INTERNALS.filter((name) => name in kernel)).toEqual([]);
  // what replaces them: the sender service's error, the cursor helpers
  expect(['SmtpNotVerified', 'keysetCursor', 'cursorKey', 'provide', 'required'].filter((name) => !(name in kernel))).toEqual([]);
});

test('a settings namespace whose schema checks nothing is refused when declared', () => {
  const settings = new SettingsStore({} as Knex);
  for (const schema of [z.custom<object>(() => true), z.any(), z.unknown()]) {
    expect(() => settings.namespace('fixture-notes', schema as z.ZodType<object>, {})).toThrow(/needs a schema that describes its value/);
  }
  expect(settings.namespace('fixture-notes', z.object({ a: z.string() }), { a: '' }).name).toBe('fixture-notes');
});

test("'kernel.mail' is validated: addresses, the SMTP server and the sender type", () => {
  expect(storedEmailSettings.parse(DEFAULT_EMAIL_SETTINGS)).toEqual(DEFAULT_EMAIL_SETTINGS);
  const smtp = { host: 'smtp.acme.example', port: 587, authentication: true, username: 'u', passwordSealed: 'sealed', verifiedAt: new Date().toISOString() };
  expect(storedEmailSettings.safeParse({ ...DEFAULT_EMAIL_SETTINGS, senderEmail: 'owner@acme.example', smtpType: 'custom', smtp }).success).toBe(true);
  for (const bad of [
    { senderEmail: 'not-an-email' },
    { smtpType: 'other' },
    { smtp: { ...smtp, port: 70_000 } },
    { smtp: { ...smtp, host: '' } },
    { isCustomSenderEnabled: 'yes' },
    'text',
  ]) {
    const value = typeof bad === 'object' ? { ...DEFAULT_EMAIL_SETTINGS, ...bad } : bad;
    expect({ bad, ok: storedEmailSettings.safeParse(value).success }).toEqual({ bad, ok: false });
  }
});
