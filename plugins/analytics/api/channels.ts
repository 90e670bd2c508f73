// The email screen's split by channel (issue 32): each channel's funnel from review-requests' facts
// (`requests.channel.<channel>.<step>`), and what the text messages cost from messaging's
// (`messages.*`, contracts/messaging.ts), both summed from the period's rollups.
import type { ChannelCost, ChannelFunnel } from '../shared/api';
import { FUNNEL_CHANNELS } from '../shared/api';
import type { Totals } from '../db/read';
import { get, ratio } from './figures';

const TEXT_CHANNELS = ['sms', 'whatsapp'] as const;
const isText = (channel: string) => (TEXT_CHANNELS as readonly string[]).includes(channel);

function channelFunnel(t: Totals, channel: ChannelFunnel['channel']): ChannelFunnel {
  const step = (name: string) => get(t, `requests.channel.${channel}.${name}`);
  const sent = step('sent');
  const reviewed = channel === 'push' ? null : step('reviewed');
  return {
    channel,
    sent,
    delivered: isText(channel) ? step('delivered') : null,
    clicked: step('clicked'),
    started: channel === 'push' ? null : step('started'),
    reviewed,
    reviewRate: reviewed === null ? null : ratio(reviewed, sent),
  };
}

/** Email always; a text channel when it can carry requests (`texts`) or did; push when it did. */
export const channelFunnels = (t: Totals, texts: boolean): ChannelFunnel[] =>
  FUNNEL_CHANNELS.map((c) => channelFunnel(t, c)).filter((c) => c.channel === 'email' || c.sent > 0 || (texts && isText(c.channel)));

/** The `<prefix><key>` metrics of the totals, by key. */
const keyed = (t: Totals, prefix: string) =>
  Object.entries(t)
    .filter(([metric, value]) => metric.startsWith(prefix) && value > 0)
    .map(([metric, value]) => ({ key: metric.slice(prefix.length), value }));

function channelCost(t: Totals, channel: ChannelCost['channel']): ChannelCost {
  const messages = get(t, `messages.sent.${channel}`);
  const amounts = keyed(t, `messages.priced.${channel}.`).map(({ key: currency, value: priced }) => {
    const total = get(t, `messages.cost_micros.${channel}.${currency}`) / 1e6;
    return { currency, messages: priced, total, perMessage: total / priced };
  });
  const billable = keyed(t, `messages.billable.${channel}.`)
    .map(({ key: category, value: count }) => ({ category, count }))
    .sort((a, b) => b.count - a.count);
  const priced = amounts.reduce((n, a) => n + a.messages, 0);
  return { channel, messages, amounts, billable, free: get(t, `messages.free.${channel}`), unpriced: Math.max(0, messages - priced) };
}

export const channelCosts = (t: Totals): ChannelCost[] => TEXT_CHANNELS.map((c) => channelCost(t, c));
