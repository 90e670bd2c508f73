// The subscription page's body, shared by /subscription and the settings tab: the current plan with
// its trial, billing date and request quota, the plan comparison (monthly or yearly), the coupon
// field, and the downgrade dialog with its reason and the leave offer.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Skeleton, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { PLAN_FOR_TIER, tierRank, type Interval, type PlanId, type PlanInfo, type SubscriptionInfo, type TierName } from '../shared/plans';
import { DowngradeDialog } from './DowngradeDialog';
import { PlanCard } from './PlanCard';
import { checkCoupon, failure, subscribe, type SubscribeOptions } from './subscription-api';
import { useSubscription } from './useSubscription';

const LOAD_FAILED = 'billing:toast.load_failed';

export function PlansPanel({ highlightTier }: { highlightTier?: TierName }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: info, isError } = useSubscription();
  const [interval, setInterval] = useState<Interval>('monthly');
  const [busy, setBusy] = useState(false);
  const [downgradeTo, setDowngradeTo] = useState<PlanInfo | null>(null);
  const [offerEnding, setOfferEnding] = useState<PlanInfo | null>(null);
  const [coupon, setCoupon] = useState('');
  const [couponState, setCouponState] = useState<{ error?: string; applied?: string }>({});

  useEffect(() => {
    if (isError) notify(LOAD_FAILED, { type: 'error' });
  }, [isError, notify]);
  useEffect(() => {
    if (info?.interval) setInterval(info.interval);
  }, [info?.interval]);

  if (isError) return <Alert severity="error">{translate(LOAD_FAILED)}</Alert>;
  if (!info) return <Skeleton variant="rectangular" height={320} />;

  const highlighted = highlightTier ? PLAN_FOR_TIER[highlightTier] : undefined;
  const go = async (plan: PlanId, options: SubscribeOptions) => {
    setBusy(true);
    try {
      await subscribe(plan, options);
    } catch (err) {
      const message = failure(err);
      if (message === 'Invalid coupon code') setCouponState({ error: translate('billing:coupon.invalid') });
      notify(message || 'billing:toast.subscribe_failed', { type: 'error' });
      setBusy(false);
    }
  };
  const choose = (plan: PlanInfo) => {
    if (tierRank(plan.tier) < tierRank(info.tier)) return setDowngradeTo(plan);
    // the leave offer belongs to the current subscription: say it ends before the merchant confirms
    if (info.discount?.leaveOffer) return setOfferEnding(plan);
    void go(plan.id, { interval, coupon: couponState.applied });
  };
  const applyCoupon = async () => {
    if (!coupon.trim()) return setCouponState({ error: translate('billing:coupon.invalid') });
    try {
      const c = await checkCoupon(coupon.trim());
      setCouponState({ applied: c.code });
      notify('billing:coupon.applied', { type: 'success', messageArgs: { code: c.code } });
    } catch {
      setCouponState({ error: translate('billing:coupon.invalid') });
    }
  };

  return (
    <Box>
      <CurrentPlan info={info} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={interval}
          onChange={(_e, v: Interval | null) => v && setInterval(v)}
          aria-label={translate('billing:interval.label')}
        >
          <ToggleButton value="monthly">{translate('billing:interval.monthly')}</ToggleButton>
          <ToggleButton value="annual">{translate('billing:interval.annual')}</ToggleButton>
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={translate('billing:coupon.label')}
            value={coupon}
            onChange={(e) => (setCoupon(e.target.value), setCouponState({}))}
            error={!!couponState.error}
            helperText={couponState.error ?? (couponState.applied ? translate('billing:coupon.ready', { code: couponState.applied }) : ' ')}
          />
          <Button variant="outlined" onClick={applyCoupon}>
            {translate('billing:coupon.apply')}
          </Button>
        </Stack>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {info.plans.map((p) => (
          <PlanCard key={p.id} plan={p} info={info} interval={interval} highlighted={p.id === highlighted} busy={busy} onChoose={choose} />
        ))}
      </Stack>
      <DowngradeDialog
        target={downgradeTo}
        currentName={info.name}
        leaveOffer={info.offers.leave}
        busy={busy}
        onClose={() => setDowngradeTo(null)}
        onDowngrade={(reason) => downgradeTo && go(downgradeTo.id, { interval, reason })}
        onAcceptOffer={() => go(info.plan, { offer: 'leave' })}
      />
      <Confirm
        isOpen={!!offerEnding}
        title="billing:offer_ends.title"
        content="billing:offer_ends.text"
        confirm="billing:offer_ends.confirm"
        cancel="billing:offer_ends.keep"
        onClose={() => setOfferEnding(null)}
        onConfirm={() => {
          const plan = offerEnding!;
          setOfferEnding(null);
          void go(plan.id, { interval, coupon: couponState.applied });
        }}
      />
    </Box>
  );
}

function CurrentPlan({ info }: { info: SubscriptionInfo }) {
  const translate = useTranslate();
  const lines = [
    info.trialDaysLeft ? translate('billing:current.trial', { days: info.trialDaysLeft }) : null,
    info.currentPeriodEnd ? translate('billing:current.renews', { date: new Date(info.currentPeriodEnd).toLocaleDateString() }) : null,
    info.discount
      ? translate('billing:current.discount', {
          value: info.discount.percentage !== null ? `${info.discount.percentage}%` : `$${info.discount.amount}`,
          periods: info.discount.intervals ?? '∞',
        })
      : null,
  ].filter(Boolean);
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="p" data-testid="current-plan">
        {translate('billing:current.plan', { name: info.name })}
        {info.interval === 'annual' ? ` · ${translate('billing:interval.annual_short')}` : ''}
      </Typography>
      {lines.map((l) => (
        <Typography key={l} variant="body2" color="text.secondary">
          {l}
        </Typography>
      ))}
      {info.quota && (
        <Typography variant="body2" data-testid="requests-left">
          {info.quota.limit === null
            ? translate('billing:current.quota_unlimited')
            : translate('billing:current.quota', { left: info.quota.left, limit: info.quota.limit })}
        </Typography>
      )}
      {info.fullAccess && <Alert severity="info">{translate('billing:current.full_access')}</Alert>}
      {['FROZEN'].includes(info.status) && <Alert severity="warning">{translate('billing:current.frozen')}</Alert>}
    </Stack>
  );
}
