// The Email screen's figure panels: reminders, failures and unsubscribes, rewards, attribution.
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { EmailAnswer } from '../shared/api';
import { Stat } from './FigureCard';
import type { Formatters } from './useFormat';

function Panel({ id, title, children, footer }: { id: string; title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`analytics-${id}`} data-testid={`panel-${id}`} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={`analytics-${id}`} variant="h6" component="h2">
          {title}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }}>{children}</Box>
        {footer && (
          <Typography variant="body2" color="text.secondary">
            {footer}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function RemindersPanel({ data, fmt }: { data?: EmailAnswer; fmt: Formatters }) {
  const translate = useTranslate();
  const r = data?.reminders;
  return (
    <Panel id="reminders" title={translate('analytics:email.reminders')}>
      <Stat label={translate('analytics:email.reminded')} value={r && fmt.number(r.reminded)} />
      <Stat label={translate('analytics:email.reviewed_after_reminder')} value={r && fmt.number(r.reviewedAfterReminder)} />
      <Stat label={translate('analytics:email.reminder_share')} value={r && fmt.percent(r.shareOfReviews)} />
    </Panel>
  );
}

export function DeliveryPanel({ data, fmt }: { data?: EmailAnswer; fmt: Formatters }) {
  const translate = useTranslate();
  return (
    <Panel id="delivery" title={translate('analytics:email.delivery')}>
      <Stat label={translate('analytics:email.failed')} value={data && fmt.number(data.failed)} />
      <Stat label={translate('analytics:email.skipped')} value={data && fmt.number(data.skipped.reduce((sum, s) => sum + s.count, 0))} />
      <Stat label={translate('analytics:email.unsubscribed')} value={data && fmt.number(data.unsubscribed)} />
    </Panel>
  );
}

/** Shown only when the rewards plugin is installed (the answer's `rewards` is not null). */
export function RewardsPanel({ rewards, fmt }: { rewards: NonNullable<EmailAnswer['rewards']>; fmt: Formatters }) {
  const translate = useTranslate();
  return (
    <Panel id="rewards" title={translate('analytics:email.rewards')}>
      <Stat label={translate('analytics:email.rewards_sent')} value={fmt.number(rewards.sent)} />
      <Stat label={translate('analytics:email.rewards_used')} value={fmt.number(rewards.used)} />
      <Stat label={translate('analytics:email.rewards_orders')} value={fmt.number(rewards.orders)} />
      <Stat label={translate('analytics:email.rewards_revenue')} value={fmt.money(rewards.revenue)} />
    </Panel>
  );
}

export function AttributionPanel({ data, fmt }: { data?: EmailAnswer; fmt: Formatters }) {
  const translate = useTranslate();
  const a = data?.attribution;
  return (
    <Panel id="attribution" title={translate('analytics:email.attribution')} footer={a && translate('analytics:attribution.how', { days: a.windowDays })}>
      <Stat label={translate('analytics:figure.attributedOrders')} value={a && fmt.number(a.orders)} />
      <Stat label={translate('analytics:figure.attributedRevenue')} value={a && fmt.money(a.revenue)} />
    </Panel>
  );
}
