// Mail a merchant asks for from the email screens (test emails, sender verification): a daily
// allowance per shop, and the send itself through the settingsMail workflow, awaited for its verdict.
import crypto from 'node:crypto';
import { TypedSearchAttributes } from '@temporalio/common';
import createHttpError from 'http-errors';
import type { Knex } from 'knex';
import { type ApiServices, ShopDomain, type Tenant } from '@plaudit/kernel';
import { TEST_EMAIL_DAILY_LIMIT } from '../shared/email-settings';
import type { SettingsMailInput } from '../workflows/messages';
import { SettingsMail } from '../shared/workflows';

type Kind = SettingsMailInput['kind'];

/** Per rolling 24 hours (spec: "daily limit of 25 test emails, resets every 24 hours"). */
export const DAILY_LIMIT: Record<Kind, number> = { test: TEST_EMAIL_DAILY_LIMIT, verifySender: 10 };
const WINDOW = "now() - interval '24 hours'";
const LOCK_SPACE = 5_105; // advisory-lock key space of these allowances

export async function sendsLeft(tenant: Tenant, kind: Kind): Promise<number> {
  const [{ n }] = await tenant.table('email_test_sends').where({ kind }).whereRaw(`created_at > ${WINDOW}`).count({ n: '*' });
  return Math.max(0, DAILY_LIMIT[kind] - Number(n));
}

/** Takes one send from the allowance, or answers 429 with when the next one frees up. */
export async function reserveSend(knex: Knex, tenant: Tenant, kind: Kind, templateType: string | null): Promise<{ id: number; left: number }> {
  return knex.transaction(async (trx) => {
    // One reservation at a time per shop, so concurrent clicks cannot pass the limit together.
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [LOCK_SPACE, tenant.shopId]);
    const [{ n, oldest }] = await tenant
      .table('email_test_sends', trx)
      .where({ kind })
      .where('createdAt', '>', trx.raw(WINDOW))
      .select(trx.raw('count(*)::int as n'), trx.raw('min(created_at) as oldest'));
    if (n >= DAILY_LIMIT[kind]) {
      const retryAfter = Math.max(1, Math.ceil((new Date(oldest).getTime() + 86_400_000 - Date.now()) / 1000));
      const message =
        kind === 'test'
          ? `You have reached the daily limit of ${DAILY_LIMIT.test} test emails. The limit resets every 24 hours.`
          : 'Too many verification emails today. Try again tomorrow.';
      throw createHttpError(429, message, {
        code: kind === 'test' ? 'TEST_EMAIL_LIMIT' : 'VERIFICATION_LIMIT',
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    const [row] = await tenant.insertInto('email_test_sends', { kind, templateType }, trx).returning('id');
    return { id: row.id as number, left: DAILY_LIMIT[kind] - n - 1 };
  });
}

/** A send that did not go out gives its place back. */
export async function releaseSend(tenant: Tenant, id: number) {
  await tenant.table('email_test_sends').where({ id }).del();
}

/** Runs the settingsMail workflow and waits for it: true when the server accepted the mail. */
export async function runSettingsMail({ temporal, config, log }: ApiServices, input: Omit<SettingsMailInput, 'messageId'>): Promise<boolean> {
  const id = crypto.randomUUID();
  try {
    await temporal.execute(SettingsMail, {
      workflowId: `settings-mail:${input.shopDomain}:${id}`,
      taskQueue: config.temporal.taskQueue,
      args: [{ ...input, messageId: `<settings-mail-${id}@${new URL(config.appUrl).hostname}>` } satisfies SettingsMailInput],
      workflowExecutionTimeout: '2 minutes',
      typedSearchAttributes: new TypedSearchAttributes([{ key: ShopDomain, value: input.shopDomain }]),
      staticSummary: `${input.kind === 'test' ? 'Test email' : 'Sender verification'} for ${input.shopDomain}`,
    });
    return true;
  } catch (err) {
    log.warn({ err, shop: input.shopDomain, kind: input.kind }, 'settings mail not sent');
    return false;
  }
}
