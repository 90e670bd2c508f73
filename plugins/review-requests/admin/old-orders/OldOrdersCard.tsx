import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, LinearProgress, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useShop } from '@plaudit/kernel/admin';
import { FREE_OLD_ORDER_LIMIT, OLD_ORDER_DAYS, oldOrdersApi, type OldOrdersProgress } from './old-orders-api';
import { OldOrdersDialog } from './OldOrdersDialog';

const POLL_MS = 1000;

/**
 * Orders of the last 60 days that can still get a review request (spec sections 2, 9): shown while
 * the shop's isShowCardOldOrder flag allows it and there are any; the bulk send runs as a workflow
 * whose progress this card polls.
 */
export function OldOrdersCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: shop } = useShop();
  const [count, setCount] = useState<number | null>(null);
  const [details, setDetails] = useState(false);
  const [progress, setProgress] = useState<OldOrdersProgress | null>(null);
  const [sending, setSending] = useState(false);
  const allowed = !!shop?.isShowCardOldOrder;
  const t = (k: string, o?: object) => translate(`review-requests:old_orders.${k}`, o);

  useEffect(() => {
    if (!allowed) return;
    oldOrdersApi.page().then(
      (p) => setCount(p.count),
      () => setCount(0),
    );
    // A send started earlier (another tab, a reload) shows its progress too.
    oldOrdersApi.progress().then(
      (p) => {
        setProgress(p);
        if (p && !p.done) setSending(true);
      },
      () => undefined,
    );
  }, [allowed]);

  const poll = useCallback(async () => {
    const p = await oldOrdersApi.progress().catch(() => null);
    if (p) setProgress(p);
    return p?.done ?? false;
  }, []);
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(async () => {
      if (await poll()) {
        setSending(false);
        notify('review-requests:old_orders.sent', { type: 'success' });
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [sending, poll, notify]);

  if (!allowed || !count) return null;
  const free = shop?.plan === 'free';
  const running = sending || (progress !== null && !progress.done);
  const send = async () => {
    try {
      setProgress({ started: 0, total: null, done: false });
      await oldOrdersApi.send();
      setSending(true);
    } catch (error) {
      setProgress(null);
      notify((error as Error).message || 'review-requests:old_orders.send_failed', { type: 'error' });
    }
  };

  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="old-orders-title">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography id="old-orders-title" variant="h6" component="h2">
          {t('title')}
        </Typography>
        <Typography>{t('text', { count, days: OLD_ORDER_DAYS })}</Typography>
        {free && <Alert severity="info">{t('free_limit', { limit: FREE_OLD_ORDER_LIMIT })}</Alert>}
        {progress && (
          <Box role="status" aria-live="polite">
            <LinearProgress
              variant={progress.total ? 'determinate' : 'indeterminate'}
              value={progress.total ? (100 * progress.started) / progress.total : undefined}
              sx={{ my: 1 }}
            />
            <Typography variant="body2" color="text.secondary">
              {progress.done ? t('progress_done', { started: progress.started }) : t('progress', { started: progress.started, total: progress.total ?? '…' })}
            </Typography>
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Button variant="contained" disabled={running} onClick={send}>
          {t('send')}
        </Button>
        <Button onClick={() => setDetails(true)}>{t('details')}</Button>
        <Button component={Link} to="/feature-request">
          {t('contact')}
        </Button>
      </CardActions>
      <OldOrdersDialog open={details} onClose={() => setDetails(false)} />
    </Card>
  );
}
