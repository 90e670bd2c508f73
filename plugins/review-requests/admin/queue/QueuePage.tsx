import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Card, Dialog, DialogContent, DialogTitle, MenuItem, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { Confirm, Title, useTranslate } from 'react-admin';
import { useShop } from '../../../../admin/src/shop';
import { bulkAllowed, queueApi, type QueuePage as Page, type QueueRow } from './queue-api';
import { apiQuery, PAGE_SIZES, TABS, useQueueState } from './queue-state';
import { QueueTable } from './QueueTable';
import { useQueueActions } from './use-queue-actions';

export default function QueuePage() {
  const translate = useTranslate();
  const { data: shop } = useShop();
  const [state, update] = useQueueState();
  const [page, setPage] = useState<Page | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [search, setSearch] = useState(state.searchText);
  const [confirm, setConfirm] = useState<{ action: string; rows: QueueRow[] } | null>(null);
  const [preview, setPreview] = useState<{ subject: string | null; html: string | null } | null>(null);
  const query = apiQuery(state);
  const load = useCallback(() => queueApi.list(query).then(setPage, () => setPage({ data: [], pagination: { nextCursor: null }, pageInfo: { hasPre: false, hasNext: false, previousCursor: null, nextCursor: null } })), [query]);
  const run = useQueueActions(() => {
    setSelected(new Set());
    update({});
    // Already on page 1 the URL does not change, so load again explicitly.
    load();
  });
  useEffect(() => {
    load();
  }, [load]);

  const rows = page?.data ?? [];
  const chosen = rows.filter((r) => selected.has(r.id));
  const onAction = async (action: string, row: QueueRow) => {
    if (action === 'view') {
      const d = await queueApi.detail(row.id);
      setPreview({ subject: d.subject, html: d.htmlContent });
    } else setConfirm({ action, rows: [row] });
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('review-requests:queue.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('review-requests:queue.title')}
      </Typography>
      <Card>
        <Tabs value={state.tab} onChange={(_e, tab) => update({ tab })} variant="scrollable" scrollButtons="auto">
          {TABS.map((t) => (
            <Tab key={t.key} value={t.key} label={translate(`review-requests:tab.${t.key}`)} />
          ))}
        </Tabs>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, alignItems: { sm: 'center' } }}>
          {/* A form: Enter submits what the field holds, whatever React has rendered so far. */}
          <Box
            component="form"
            role="search"
            onSubmit={(e: React.FormEvent<HTMLFormElement>) => {
              e.preventDefault();
              update({ searchText: String(new FormData(e.currentTarget).get('searchText') ?? '').trim() });
            }}
          >
            <TextField size="small" name="searchText" label={translate('review-requests:queue.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
          </Box>
          {(['sendAnyway', 'skip', 'resend', 'block'] as const).map((a) => (
            <Button key={a} variant="outlined" disabled={!bulkAllowed(a, chosen.map((r) => r.status))} onClick={() => setConfirm({ action: a === 'resend' ? 'bulkResend' : a, rows: chosen })}>
              {translate(`review-requests:bulk.${a}`)}
            </Button>
          ))}
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <QueueTable rows={rows} selected={selected} onSelect={setSelected} onAction={onAction} shop={shop?.shopifyDomain ?? ''} />
        </Box>
        {rows.length === 0 && page && <Typography sx={{ p: 2 }} color="text.secondary">{translate('review-requests:queue.empty')}</Typography>}
        <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
          <TextField select size="small" sx={{ width: 110 }} label={translate('review-requests:queue.per_page')} value={state.limit} onChange={(e) => update({ limit: Number(e.target.value) })}>
            {PAGE_SIZES.map((n) => (
              <MenuItem key={n} value={n}>{n}</MenuItem>
            ))}
          </TextField>
          <Typography aria-live="polite">{translate('review-requests:queue.page', { page: state.page, total: page?.pagination.total ?? 0 })}</Typography>
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
          <iframe title={translate('review-requests:queue.email_content')} sandbox="" srcDoc={preview?.html ?? ''} style={{ width: '100%', height: 480, border: 0 }} />
        </DialogContent>
      </Dialog>
    </Box>
  );
}
