// Mail a crash cannot repeat (issue 30.1). Every send is recorded in `mail_sends` under its message
// key: `sending` before the SMTP transaction, `sent` with the server's answer right after it. A retry
// of the same send (the activity retried after its worker died) finds `sent` and answers the recorded
// outcome without sending. What is left: a crash after the server accepted the message and before
// `sent` is written leaves `sending`, and that send is made again (at-least-once: a lost request is
// worse than a rare second one). docs/reliability.md gives the size of that window.
import crypto from 'node:crypto';
import { Context } from '@temporalio/activity';
import knexFactory, { type Knex } from 'knex';
import type { Logger } from '../log';

/** What the server answered when it took the message. */
export interface SentRecord {
  response?: string;
  providerMessageId?: string;
}

export type Claim = { claimed: true; attempts: number } | { claimed: false; sent: SentRecord };

const TABLE = 'mail_sends';
/**
 * How long a `sending` row may belong to an attempt still under way: the SMTP transport's own limits
 * (api/mail/sender.ts: 10 s to connect, 10 s for the greeting, 30 s of socket silence) end a live one sooner.
 */
export const IN_FLIGHT_SECONDS = 60;

/** Rows older than this are swept (a retry comes within minutes; relays keep no longer either). */
export const MAIL_SEND_RETENTION_DAYS = 30;

/** The running activity's context, or undefined outside one (the API, scripts). */
function activityContext(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}

// Sends of one activity execution without a Message-ID, counted per recipient and subject: the nth
// such send keeps its key across retries (which run the same code in the same order).
const ordinals = new WeakMap<Context, Map<string, number>>();

/**
 * The key a send is recorded under: its Message-ID when the caller gave one; inside an activity, a
 * hash of the run, the activity and what the mail is (recipient, subject), all stable across the
 * activity's retries; undefined when neither exists (nothing to recognise a retry by).
 */
export function messageKey(mail: { messageId?: string; to: string; subject?: string }): string | undefined {
  if (mail.messageId) return mail.messageId.slice(0, 998);
  const context = activityContext();
  if (!context) return undefined;
  const { workflowExecution, activityId } = context.info;
  const what = crypto
    .createHash('sha256')
    .update(JSON.stringify([mail.to.toLowerCase(), mail.subject ?? '']))
    .digest('hex');
  const counts = ordinals.get(context) ?? new Map<string, number>();
  ordinals.set(context, counts);
  const n = (counts.get(what) ?? 0) + 1;
  counts.set(what, n);
  // hashed: the recipient is not kept, and the erasure of a customer needs no lookup here
  const run = [workflowExecution?.workflowId, workflowExecution?.runId, activityId, what, n];
  return `activity:${crypto.createHash('sha256').update(JSON.stringify(run)).digest('hex')}`;
}

/** Tells Temporal the activity is alive while a send takes its time (the heartbeat timeout stays short). */
export function heartbeatWhile<T>(work: Promise<T>, everyMs = 2000): Promise<T> {
  const context = activityContext();
  if (!context) return work;
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), everyMs);
  return work.finally(() => clearInterval(timer));
}

export class MailSendRecord {
  /**
   * The `sent` writes' own connections: behind the process's busy pool (20 activities at once) the
   * write waited 20-200 ms after the server's answer, and every one of those milliseconds is one a
   * crash repeats the mail in. Opened at the first claim; closed with the process's services.
   */
  private recordPool?: Knex;

  constructor(
    private readonly knex: Knex,
    private readonly log: Logger,
  ) {}

  private recorder(): Knex {
    if (!this.recordPool) {
      // one connection kept open, opened now (during the first SMTP transaction), not inside the window
      this.recordPool = knexFactory({ ...this.knex.client.config, pool: { min: 1, max: 2 } });
      this.recordPool.raw('select 1').catch((err) => this.log.warn({ err: (err as Error).message }, 'the mail send record could not connect'));
    }
    return this.recordPool;
  }

  /** Closes the record's own connections (the process's pool is its owner's to close). */
  async close(): Promise<void> {
    const pool = this.recordPool;
    this.recordPool = undefined;
    await pool?.destroy();
  }

  /**
   * Claims the send before the SMTP transaction: a new key, or one whose earlier attempt left no
   * outcome (`sending` for over IN_FLIGHT_SECONDS: it died between the transaction's start and the
   * record of its answer), is claimed; a `sent` one answers what the server said then.
   */
  async claim(shopId: number, key: string, again = true): Promise<Claim> {
    this.recorder();
    const [inserted] = await this.knex(TABLE)
      .insert({ shopId, messageKey: key, state: 'sending' })
      .onConflict(['shop_id', 'message_key'])
      .ignore()
      .returning('id');
    if (inserted) return { claimed: true, attempts: 1 };
    const [resumed] = await this.knex(TABLE)
      .where({ shopId, messageKey: key, state: 'sending' })
      .where('sendingAt', '<', this.knex.raw(`now() - interval '${IN_FLIGHT_SECONDS} seconds'`))
      .update({ attempts: this.knex.raw('attempts + 1'), sendingAt: this.knex.fn.now() }, ['attempts']);
    if (resumed) {
      this.log.warn({ shopId, messageKey: key, attempts: resumed.attempts }, 'mail send resumed after an attempt whose outcome was lost: it may arrive twice');
      return { claimed: true, attempts: resumed.attempts };
    }
    // A younger `sending`: the earlier attempt may still be in its SMTP transaction (its worker alive, its
    // heartbeat late on a busy machine, so Temporal started this retry). Sending now would send twice (CI
    // saw it); the activity is retried instead, and finds `sent`, or a `sending` old enough to resume.
    if (await this.knex(TABLE).where({ shopId, messageKey: key, state: 'sending' }).first('id')) {
      if (activityContext()) throw new Error(`The mail send ${key} may still be in progress in an earlier attempt: retried later`);
      return { claimed: false, sent: {} };
    }
    const row = await this.knex(TABLE).where({ shopId, messageKey: key, state: 'sent' }).first('response', 'providerMessageId');
    if (row) return { claimed: false, sent: { response: row.response ?? undefined, providerMessageId: row.providerMessageId ?? undefined } };
    // released by a failed attempt (or swept) between the statements: claim it anew, once
    if (again) return this.claim(shopId, key, false);
    throw new Error(`The mail send ${key} could not be claimed`);
  }

  /** The server took the message: recorded at once (this write closes the window a crash can repeat). */
  async sent(shopId: number, key: string, answer: SentRecord): Promise<void> {
    const record = () =>
      this.recorder()(TABLE)
        .where({ shopId, messageKey: key })
        .update({
          state: 'sent',
          // the database's clock at the write, not the transaction's start: the window is measured with it
          sentAt: this.knex.raw('clock_timestamp()'),
          response: answer.response?.slice(0, 1000) ?? null,
          providerMessageId: answer.providerMessageId?.slice(0, 998) ?? null,
        });
    try {
      await record();
    } catch (err) {
      // once more before giving up: without the record a retry would send the message again
      this.log.warn({ err: (err as Error).message, messageKey: key }, 'recording a sent mail failed; trying again');
      await new Promise((r) => setTimeout(r, 500));
      await record().catch((again) => this.log.error({ err: (again as Error).message, messageKey: key }, 'a sent mail is not recorded'));
    }
  }

  /** Nothing was taken (refused, or the transaction failed): a later attempt may send it. */
  async release(shopId: number, key: string): Promise<void> {
    await this.knex(TABLE).where({ shopId, messageKey: key, state: 'sending' }).del();
  }

  /** Forgets sends older than the retention (the kernel's outbox sweep, every minute). */
  async sweep(limit = 5000): Promise<number> {
    const cutoff = new Date(Date.now() - MAIL_SEND_RETENTION_DAYS * 86_400_000);
    return this.knex(TABLE)
      .whereIn('id', this.knex(TABLE).where('createdAt', '<', cutoff).select('id').limit(limit))
      .del();
  }
}
