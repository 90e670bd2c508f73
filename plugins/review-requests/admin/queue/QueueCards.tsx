import { Box, Checkbox, Divider, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CustomerCell } from './CustomerCell';
import { ItemThumbs } from './ItemThumbs';
import { toggled, type RowsProps } from './QueueTable';
import { Badges, fulfilled, OrderLink, when } from './row-parts';
import { RowMenu } from './RowMenu';

/** The compact phone layout (spec section 2): one block per request, no horizontal scroll. */
export function QueueCards(p: RowsProps) {
  const translate = useTranslate();
  const t = (k: string) => translate(`review-requests:queue.column.${k}`);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {p.rows.map((r) => (
        <Box component="li" key={r.id} data-testid="queue-row" sx={{ bgcolor: p.selected.has(r.id) ? 'action.selected' : undefined }}>
          <Divider />
          <Stack direction="row" spacing={1} sx={{ p: 1, alignItems: 'flex-start' }}>
            <Checkbox
              checked={p.selected.has(r.id)}
              onChange={() => p.onSelect(toggled(p.selected, r.id))}
              slotProps={{ input: { 'aria-label': translate('review-requests:queue.select', { order: r.name }) } }}
            />
            <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <OrderLink row={r} shop={p.shop} />
                <ItemThumbs row={r} shop={p.shop} />
              </Stack>
              <CustomerCell row={r} shop={p.shop} />
              <Badges row={r} />
              <Typography variant="caption" color="text.secondary">
                {t('scheduled')}: {when(r.scheduledAt)}
              </Typography>
              {fulfilled(r.fulfilledDate) !== '—' && (
                <Typography variant="caption" color="text.secondary">
                  {t('fulfilled')}: {fulfilled(r.fulfilledDate)}
                </Typography>
              )}
            </Box>
            <RowMenu row={r} onAction={p.onAction} />
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
