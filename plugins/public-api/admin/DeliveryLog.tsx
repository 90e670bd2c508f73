// An endpoint's delivery log, newest first: topic, status, attempts, the last HTTP status, the last
// answer or error (opened per row), when the next attempt is due, and Redeliver.
import { Fragment, useCallback, useEffect, useState } from 'react';
import { Box, Button, Chip, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { useNotify, useTranslate } from 'react-admin';
import type { WebhookDeliveryView } from '../shared/webhooks';
import { loadDeliveries, redeliver, topicLabel } from './webhooks-api';

const STATUS_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

export function DeliveryLog({ subscriptionId, canRedeliver, refreshKey }: { subscriptionId: number; canRedeliver: boolean; refreshKey: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [items, setItems] = useState<WebhookDeliveryView[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const page = await loadDeliveries(subscriptionId);
      setItems(page.items);
      setCursor(page.pageInfo.nextCursor);
    } catch {
      notify('public-api:webhooks.load_failed', { type: 'error' });
    }
  }, [subscriptionId, notify]);
  useEffect(() => void reload(), [reload, refreshKey]);

  const more = async () => {
    const page = await loadDeliveries(subscriptionId, cursor);
    setItems((list) => [...(list ?? []), ...page.items]);
    setCursor(page.pageInfo.nextCursor);
  };
  const again = async (d: WebhookDeliveryView) => {
    try {
      await redeliver(subscriptionId, d.id);
      notify('public-api:webhooks.redelivered', { type: 'success' });
    } catch {
      notify('public-api:webhooks.action_failed', { type: 'error' });
    }
    void reload();
  };

  if (!items) return null;
  if (!items.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('public-api:webhooks.deliveries_empty')}
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('public-api:webhooks.deliveries')}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>{translate('public-api:webhooks.col.time')}</TableCell>
            <TableCell>{translate('public-api:webhooks.col.topic')}</TableCell>
            <TableCell>{translate('public-api:webhooks.col.status')}</TableCell>
            <TableCell align="right">{translate('public-api:webhooks.col.attempts')}</TableCell>
            <TableCell>{translate('public-api:webhooks.col.code')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((d) => (
            <Fragment key={d.id}>
              <TableRow data-testid={`delivery-${d.id}`}>
                <TableCell padding="checkbox">
                  <IconButton size="small" aria-label={translate('public-api:webhooks.details')} onClick={() => setOpen(open === d.id ? null : d.id)}>
                    {open === d.id ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                  </IconButton>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.createdAt)}</TableCell>
                <TableCell title={d.topic}>{translate(topicLabel(d.topic))}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLOR[d.status]} label={translate(`public-api:webhooks.delivery_status.${d.status}`)} />
                </TableCell>
                <TableCell align="right">{d.attempts}</TableCell>
                <TableCell>{d.lastStatusCode ?? (d.attempts ? translate('public-api:webhooks.no_answer') : '')}</TableCell>
                <TableCell align="right">
                  <Button size="small" disabled={!canRedeliver || d.status === 'pending'} onClick={() => again(d)}>
                    {translate('public-api:webhooks.redeliver')}
                  </Button>
                </TableCell>
              </TableRow>
              {open === d.id && (
                <TableRow>
                  <TableCell colSpan={7} sx={{ bgcolor: 'action.hover' }}>
                    <Typography variant="caption" component="p">
                      {d.id}
                    </Typography>
                    {d.nextAttemptAt && (
                      <Typography variant="caption" component="p">
                        {translate('public-api:webhooks.next_attempt', { date: when(d.nextAttemptAt) })}
                      </Typography>
                    )}
                    {d.lastError && (
                      <Typography variant="body2">
                        {translate('public-api:webhooks.last_error')}: {d.lastError}
                      </Typography>
                    )}
                    {d.lastResponse !== null && (
                      <>
                        <Typography variant="body2">{translate('public-api:webhooks.last_response')}</Typography>
                        <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12, maxHeight: 200, overflow: 'auto' }}>
                          {d.lastResponse}
                        </Box>
                      </>
                    )}
                    <Typography variant="body2">{translate('public-api:webhooks.payload')}</Typography>
                    <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}>
                      {JSON.stringify(d.payload, null, 2)}
                    </Box>
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
      {cursor && (
        <Button size="small" onClick={more}>
          {translate('public-api:webhooks.more')}
        </Button>
      )}
    </Box>
  );
}
