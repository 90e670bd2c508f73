// Short links of text messages (issue 32, migration 20270701090000_short_links.ts): a code standing for
// the request's signed click link, kept per request and channel.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';

const TABLE = 'request_short_links';
// letters and digits without the look-alikes (0/O, 1/l/I), for a link read off a phone and typed again
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const CODE_LENGTH = 10;
export const SHORT_CODE = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`);

const newCode = () => Array.from({ length: CODE_LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');

/** The request's code on that channel: made once, the same for every later send (a retry writes the same text). */
export async function shortCodeFor(tenant: Tenant, queueEntryId: number, channel: string, target: string): Promise<string> {
  await tenant.insertInto(TABLE, { code: newCode(), queueEntryId, channel, target }).onConflict(['shop_id', 'queue_entry_id', 'channel']).ignore();
  return (await tenant.table(TABLE).where({ queueEntryId, channel }).first('code')).code;
}

/** Where a code leads, whichever shop it is of: the code is the link (a customer's phone has no session). */
export async function shortLinkTarget(knex: Knex, code: string): Promise<string | undefined> {
  // tenancy: a public link's look-up by its secret code, across shops by design
  return (await knex(TABLE).where({ code }).first('target'))?.target;
}
