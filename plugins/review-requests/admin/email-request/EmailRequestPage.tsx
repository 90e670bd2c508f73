import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { orderIdsFrom, sendNowApi, type SendNowProgress } from './send-now-api';

const POLL_MS = 1000;
/** How long the outcome stays on screen before the review-request screen comes back. */
export const RETURN_DELAY_MS = 2500;

/**
 * /collect-reviews/email-request (spec section 2): sends review requests for the orders in the query
 * string (orderId, orderIds) in the background, then returns to the review-request screen.
 */
export default function EmailRequestPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [orderIds] = useState(() => orderIdsFrom(params));
  const [progress, setProgress] = useState<SendNowProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  const t = (k: string, o?: object) => translate(`review-requests:email_request.${k}`, o);
  const finished = !!error || !!progress?.finished;

  useEffect(() => {
    // Once per visit, also under React's double-invoked effects in development.
    if (started.current) return;
    started.current = true;
    if (!orderIds.length) {
      setError(t('no_orders'));
      return;
    }
    sendNowApi.start(orderIds).then(
      (id) => {
        timer.current = setInterval(async () => {
          const p = await sendNowApi.progress(id).catch(() => null);
          if (p) setProgress(p);
          if (p?.finished) clearInterval(timer.current);
        }, POLL_MS);
      },
      (e: Error) => setError(e.message || t('failed')),
    );
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => clearInterval(timer.current), []);

  useEffect(() => {
    if (!finished) return;
    const back = setTimeout(() => navigate('/collect-reviews/review-request'), RETURN_DELAY_MS);
    return () => clearTimeout(back);
  }, [finished, navigate]);

  const sent = progress?.results.filter((r) => r.ok).length ?? 0;
  const refused = progress?.results.filter((r) => !r.ok) ?? [];
  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          {!finished && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status" aria-live="polite">
              <CircularProgress size={24} />
              <Typography>{t('sending', { count: orderIds.length })}</Typography>
              {progress && <Typography color="text.secondary">{t('progress', { done: progress.done, total: progress.total })}</Typography>}
            </Stack>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {progress?.finished && (
            <Box role="status">
              {sent > 0 && <Alert severity="success">{t('sent', { count: sent })}</Alert>}
              {refused.map((r) => (
                <Alert key={r.orderId} severity="warning" sx={{ mt: 1 }}>
                  {r.message}
                </Alert>
              ))}
            </Box>
          )}
          {finished && <Typography color="text.secondary">{t('returning')}</Typography>}
        </CardContent>
      </Card>
    </Box>
  );
}
