// The webhook sender: JSON POSTs to `${appUrl}/webhooks` with Shopify's headers and HMAC, retried
// on failure with the same payload and webhook id, optionally duplicated, reordered or delayed, so
// the app's at-least-once handling can be exercised. Keeps a delivery log for tests and dev tools.
import { createHmac, randomUUID } from 'node:crypto';
import { stringify } from 'lossless-json';
import type { Logger } from './types';

export const WEBHOOK_API_VERSION = '2025-10';
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000];
const MAX_RETRIES = 8;
const TIMEOUT_MS = 5_000; // Shopify gives up on a delivery after 5 s
const LOG_LIMIT = 1_000;

export interface WebhookEvent {
  topic: string;
  shop: string;
  payload: unknown;
}

export interface DeliveryOptions {
  /** extra copies of each event, same webhook id */
  duplicate?: number;
  /** send the batch's later events first */
  outOfOrder?: boolean;
  delayMs?: number;
  /** resolve once each event's first attempt is done (else right away) */
  wait?: boolean;
}

export interface Delivery {
  webhookId: string;
  eventId: string;
  topic: string;
  shop: string;
  apiVersion: string;
  triggeredAt: string;
  copy: number;
  body: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  state: 'pending' | 'delivered' | 'failed';
}

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly abort = new AbortController();
  private readonly delays: number[];

  constructor(
    private readonly appUrl: string,
    private readonly secret: string,
    private readonly log: Logger,
    retryDelaysMs: number[] = DEFAULT_RETRY_DELAYS_MS,
  ) {
    this.delays = retryDelaysMs.slice(0, MAX_RETRIES);
  }

  /** HMAC header value: base64 HMAC-SHA256 of the exact raw body, keyed with the app secret. */
  static hmac(body: string, secret: string): string {
    return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
  }

  send(events: WebhookEvent[], o: DeliveryOptions = {}): Promise<Delivery[]> {
    const triggeredAt = new Date().toISOString();
    const prepared = events.map((e) => ({ ...e, webhookId: randomUUID(), eventId: randomUUID(), body: stringify(e.payload) ?? 'null' }));
    const ordered = o.outOfOrder ? [...prepared].reverse() : prepared;
    const batch: Delivery[] = [];
    const run = async () => {
      if (o.delayMs) await this.sleep(o.delayMs);
      for (const e of ordered) {
        for (let copy = 0; copy <= (o.duplicate ?? 0); copy++) {
          if (this.abort.signal.aborted) return;
          const d: Delivery = {
            webhookId: e.webhookId,
            eventId: e.eventId,
            topic: e.topic,
            shop: e.shop,
            apiVersion: WEBHOOK_API_VERSION,
            triggeredAt,
            copy,
            body: e.body,
            attempts: 0,
            lastStatus: null,
            lastError: null,
            state: 'pending',
          };
          this.record(d);
          batch.push(d);
          await this.attempt(d);
        }
      }
    };
    // One chain for all batches: deliveries go out in the order they were triggered.
    const done = (this.chain = this.chain.then(run, run));
    return o.wait ? done.then(() => batch) : Promise.resolve(batch);
  }

  /** Waits until every queued first attempt has been made (tests and the CLI use it). */
  idle(): Promise<unknown> {
    return this.chain;
  }

  stop(): void {
    this.abort.abort();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private record(d: Delivery) {
    this.deliveries.push(d);
    if (this.deliveries.length > LOG_LIMIT) this.deliveries.splice(0, this.deliveries.length - LOG_LIMIT);
  }

  private async attempt(d: Delivery): Promise<void> {
    if (this.abort.signal.aborted) return;
    d.attempts++;
    try {
      const res = await fetch(`${this.appUrl}/webhooks`, {
        method: 'POST',
        body: d.body,
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(TIMEOUT_MS)]),
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Shopify-Captain-Hook',
          'X-Shopify-Topic': d.topic,
          'X-Shopify-Hmac-Sha256': WebhookSender.hmac(d.body, this.secret),
          'X-Shopify-Shop-Domain': d.shop,
          'X-Shopify-API-Version': d.apiVersion,
          'X-Shopify-Webhook-Id': d.webhookId,
          'X-Shopify-Triggered-At': d.triggeredAt,
          'X-Shopify-Event-Id': d.eventId,
        },
      });
      await res.arrayBuffer().catch(() => undefined);
      d.lastStatus = res.status;
      d.lastError = null;
      if (res.ok) {
        d.state = 'delivered';
        return;
      }
    } catch (err) {
      d.lastStatus = null;
      d.lastError = (err as Error).message;
    }
    if (this.abort.signal.aborted) return;
    const delay = this.delays[d.attempts - 1];
    if (delay === undefined) {
      d.state = 'failed';
      this.log.warn({ topic: d.topic, webhookId: d.webhookId, attempts: d.attempts }, 'store emulator: webhook delivery failed for good');
      return;
    }
    this.log.debug({ topic: d.topic, webhookId: d.webhookId, status: d.lastStatus, retryInMs: delay }, 'store emulator: webhook retry scheduled');
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(d);
    }, delay);
    this.timers.add(timer);
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }
}
