// The email screen's split by channel (issue 32) as table rows and columns: each channel's funnel, and
// what the text messages cost (charts, tables and CSVs read the same rows).
import type { ChannelCost, EmailAnswer } from '../shared/api';
import type { Row } from './csv';
import type { TableColumn } from './DataTable';
import type { Formatters, Translate } from './formatters';

export const CHANNEL_STEPS = ['sent', 'delivered', 'clicked', 'started', 'reviewed'] as const;

export const channelFunnelRows = (answer: EmailAnswer, translate: Translate): Row[] =>
  answer.channels.map((c) => ({
    channel: translate(`analytics:channel.${c.channel}`),
    sent: c.sent,
    delivered: c.delivered,
    clicked: c.clicked,
    started: c.started,
    reviewed: c.reviewed,
    reviewRate: c.reviewRate,
  }));

/** Empty cells where the channel cannot tell (null): not a zero. */
const countOrBlank = (fmt: Formatters) => (v: unknown) => (v === null ? '–' : fmt.number(v as number));

export const channelFunnelColumns = (fmt: Formatters, translate: Translate): TableColumn[] => [
  { key: 'channel', label: translate('analytics:column.channel') },
  ...CHANNEL_STEPS.map((step) => ({ key: step, label: translate(`analytics:channel_step.${step}`), numeric: true, format: countOrBlank(fmt) })),
  { key: 'reviewRate', label: translate('analytics:column.review_rate'), numeric: true, format: (v: unknown) => (v === null ? '–' : fmt.percent(v as number)) },
];

/** Meta's billable messages per pricing category, named ("marketing 12, utility 3"). */
const categories = (cost: ChannelCost, translate: Translate) =>
  cost.billable.map((b) => translate('analytics:costs.category', { category: b.category.replace(/_/g, ' '), count: b.count })).join(', ');

/** One row per channel and currency; a channel without any amount reported gets one row. */
export const costRows = (answer: EmailAnswer, translate: Translate): Row[] =>
  (answer.costs ?? []).flatMap((cost): Row[] => {
    const channel = translate(`analytics:channel.${cost.channel}`);
    const common = { channel, messages: cost.messages, unpriced: cost.unpriced, billable: categories(cost, translate) };
    if (!cost.amounts.length) return [{ ...common, currency: null, priced: 0, total: null, perMessage: null }];
    return cost.amounts.map((a) => ({ ...common, currency: a.currency, priced: a.messages, total: a.total, perMessage: a.perMessage }));
  });

/** An amount in the message's own currency; a message costs fractions of a cent, so up to 4 decimals. */
const money = (fmt: Formatters, digits: number) => (v: unknown, row: Row) =>
  v === null || !row.currency
    ? '–'
    : new Intl.NumberFormat(fmt.locale, { style: 'currency', currency: String(row.currency), maximumFractionDigits: digits }).format(v as number);

export const costColumns = (fmt: Formatters, translate: Translate): TableColumn[] => [
  { key: 'channel', label: translate('analytics:column.channel') },
  { key: 'messages', label: translate('analytics:costs.messages'), numeric: true, format: (v) => fmt.number(v as number) },
  { key: 'priced', label: translate('analytics:costs.priced'), numeric: true, format: (v) => fmt.number(v as number) },
  { key: 'total', label: translate('analytics:costs.total'), numeric: true, format: money(fmt, 2) },
  { key: 'perMessage', label: translate('analytics:costs.per_message'), numeric: true, format: money(fmt, 4) },
  { key: 'currency', label: translate('analytics:costs.currency') },
  { key: 'billable', label: translate('analytics:costs.billable') },
];
