// /subscribe/{plan}: starts a subscription straight away (links in emails, the onboarding's plan
// step). A plan that needs more (a downgrade reason) or fails goes to the subscription page.
import { useEffect, useRef } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PLAN_IDS, type Interval, type PlanId } from '../shared/plans';
import { failure, subscribe } from './subscription-api';

export default function SubscribePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { plan } = useParams();
  const [params] = useSearchParams();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!(PLAN_IDS as readonly string[]).includes(plan ?? '')) return void navigate('/subscription', { replace: true });
    const interval: Interval = params.get('interval') === 'annual' ? 'annual' : 'monthly';
    subscribe(plan as PlanId, { interval, coupon: params.get('coupon') ?? undefined }).catch((err) => {
      notify(failure(err) || 'billing:toast.subscribe_failed', { type: 'error' });
      navigate('/subscription', { replace: true });
    });
  }, [plan, params, navigate, notify]);
  return (
    <Box sx={{ py: 6, display: 'grid', justifyItems: 'center', gap: 2 }}>
      <CircularProgress />
      <Typography>{translate('billing:subscribing')}</Typography>
    </Box>
  );
}
