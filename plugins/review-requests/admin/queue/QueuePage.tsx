// /collect-reviews/review-request: the review request list (spec section 2).
import { useCallback, useState } from 'react';
import { Box, Button, Card, Dialog, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import { SavedViews, useShop } from '@plaudit/kernel/admin';
import { BULK_ACTIONS, bulkAllowed, queueApi, type QueueRow } from './queue-api';
import { apiQuery, NOT_VIEW_STATE, PAGE_SIZES, useQueueState } from './queue-state';
import { withoutOpenPixel } from './email-preview';
import { FilterBar } from './filters/FilterBar';
import { CLEAR_ALL } from './filters/kinds';
import { QueueCards } from './QueueCards';
import { QueueHeader } from './QueueHeader';
import { RequestQuota } from './RequestQuota';
import { QueueTable } from './QueueTable';
import { QueueTabs } from './QueueTabs';
import { RESETTING, STATUS_CHANGING, useQueueActions } from './use-queue-actions';
import { useQueueList } from './use-queue-list';

export default function QueuePage() {
  const translate = useTranslate();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const { data: shop } = useShop();
  const [state, update, fromHome] = useQueueState();
  const { page, reload } = useQueueList(apiQuery(state));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState<{ action: string; rows: QueueRow[] } | null>(null);
  const [preview, setPreview] = useState<{ subject: string | null; html: string | null } | null>(null);
  const run = useQueueActions((action, rows) => {
    setSelected(new Set());
    // After cancel, resend or send anyway the list starts over: filters and paging reset (spec section 4).
    if (RESETTING.includes(action)) update(CLEAR_ALL);
    reload(STATUS_CHANGING.includes(action) ? rows : undefined);
  });

  const rows = page?.data ?? [];
  const chosen = rows.filter((r) => selected.has(r.id));
  // stable, so that the memoised rows are not rendered again by every change of the page
  const onAction = useCallback(async (action: string, row: QueueRow) => {
    if (action === 'view') {
      const d = await queueApi.detail(row.id);
      setPreview({ subject: d.subject, html: d.htmlContent && withoutOpenPixel(d.htmlContent) });
    } else setConfirm({ action, rows: [row] });
  }, []);
  const Rows = phone ? QueueCards : QueueTable;

  return (
    // The admin layout is at least as wide as its content's min-content (react-admin's fit-content):
    // the scrollable tabs alone would widen it past a phone's screen. Inline-size containment keeps
    // the page at the width it is given; the tabs scroll inside it.
    <Box sx={{ py: 2, minWidth: 0, contain: 'inline-size' }}>
      <QueueHeader fromHome={fromHome} />
      <RequestQuota refreshKey={page} />
      <Card>
        {/* the status tabs, and beside them the merchant's saved views of this list */}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
          <QueueTabs tab={state.tab} update={update} />
          <SavedViews screen="review-requests" omit={NOT_VIEW_STATE} />
        </Box>
        <FilterBar state={state} rows={rows} update={update} onReload={() => reload()} />
        {chosen.length > 0 && (
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ px: 2, pb: 1, flexWrap: 'wrap', alignItems: 'center' }}
            aria-label={translate('review-requests:queue.bulk_label')}
            role="group"
          >
            <Typography variant="body2">{translate('review-requests:queue.selected', { smart_count: chosen.length })}</Typography>
            {BULK_ACTIONS.map((a) => (
              <Button
                key={a}
                size="small"
                variant="outlined"
                disabled={
                  !bulkAllowed(
                    a,
                    chosen.map((r) => r.status),
                  )
                }
                onClick={() => setConfirm({ action: a === 'resend' ? 'bulkResend' : a, rows: chosen })}
              >
                {translate(`review-requests:bulk.${a}`)}
              </Button>
            ))}
          </Stack>
        )}
        <Box sx={{ overflowX: 'auto' }}>
          <Rows rows={rows} selected={selected} onSelect={setSelected} onAction={onAction} shop={shop?.shopifyDomain ?? ''} />
        </Box>
        {rows.length === 0 && page && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {translate('review-requests:queue.empty')}
          </Typography>
        )}
        <Stack direction="row" useFlexGap spacing={1} sx={{ p: 2, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            sx={{ width: 110 }}
            label={translate('review-requests:queue.per_page')}
            value={state.limit}
            onChange={(e) => update({ limit: Number(e.target.value) })}
          >
            {PAGE_SIZES.map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
          <Typography aria-live="polite">{translate('review-requests:queue.page', { page: state.page, smart_count: page?.pagination.total ?? 0 })}</Typography>
          <Button disabled={!page?.pageInfo.hasPre} onClick={() => update({ page: state.page - 1, cursor: page!.pageInfo.previousCursor, step: 'before' })}>
            {translate('review-requests:queue.previous')}
          </Button>
          <Button disabled={!page?.pageInfo.hasNext} onClick={() => update({ page: state.page + 1, cursor: page!.pageInfo.nextCursor, step: 'after' })}>
            {translate('review-requests:queue.next')}
          </Button>
        </Stack>
      </Card>
      <Confirm
        isOpen={!!confirm}
        title={confirm ? `review-requests:confirm.${confirm.action}.title` : ''}
        content={confirm ? `review-requests:confirm.${confirm.action}.content` : ''}
        translateOptions={{ count: confirm?.rows.length ?? 0 }}
        onConfirm={async () => {
          const c = confirm!;
          setConfirm(null);
          await run(c.action, c.rows);
        }}
        onClose={() => setConfirm(null)}
      />
      <Dialog open={!!preview} onClose={() => setPreview(null)} maxWidth="md" fullWidth>
        <DialogTitle>{preview?.subject}</DialogTitle>
        <DialogContent>
          {/* The stored email, shown sandboxed: no scripts, no same-origin access. */}
          <iframe
            title={translate('review-requests:queue.email_content')}
            sandbox=""
            srcDoc={preview?.html ?? ''}
            style={{ width: '100%', height: 480, border: 0 }}
          />
        </DialogContent>
      </Dialog>
    </Box>
  );
}
