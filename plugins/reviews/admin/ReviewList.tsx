// /reviews/list: tabs All / Published / Unpublished / Recycle bin, search, filters, sort, cursor
// paging, row and bulk actions. Review text is plain text rendered by React (escaped).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Card, Tab, Tabs, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { SavedViews } from '@plaudit/kernel/admin';
import { TABS, type Action, type Review } from '../shared/review';
import { DeleteDialog, type PendingDelete } from './DeleteDialog';
import { Filters } from './Filters';
import { apiParams, facetParams, PAGING_PARAMS, useListState } from './list-state';
import { useLabelFacets } from './LabelFilters';
import { fetchReviews, useReviewAction, type ReviewPage } from './reviews-api';
import { ReviewTable } from './ReviewTable';

const NO_PAGE: ReviewPage = { data: [], total: 0, pageInfo: { hasNext: false, hasPre: false, nextCursor: null, previousCursor: null } };

export default function ReviewList() {
  const translate = useTranslate();
  const run = useReviewAction();
  const [state, update] = useListState();
  const [page, setPage] = useState<ReviewPage | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const { tab, limit, ...filters } = state;
  const queryOf = (params: Record<string, string | undefined>) =>
    new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1])).toString();
  const query = queryOf(apiParams(state));
  // the label filters' counts follow the list's tab and filters, and every action that changed reviews
  const [changes, setChanges] = useState(0);
  const facets = useLabelFacets(queryOf(facetParams(state)), changes);

  // Answers can arrive out of order (the merchant set From, then To, on a slow connection): only the
  // answer for the filters shown now is kept, or an earlier one could replace it for good.
  const shownQuery = useRef(query);
  shownQuery.current = query;
  const load = useCallback(async () => {
    const next = await fetchReviews(Object.fromEntries(new URLSearchParams(query))).catch(() => NO_PAGE);
    if (shownQuery.current === query) setPage(next);
  }, [query]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (action: Action | 'request-edit', ids: number[]) => {
    if (!(await run(action, ids))) return;
    setChanges((n) => n + 1);
    await load();
  };
  // a delete asks first, in the app's own dialog
  const request = (action: Action | 'request-edit', ids: number[], fromBin: boolean) =>
    action === 'delete' ? setPendingDelete({ ids, fromBin }) : act(action, ids);
  // stable across renders, so that selecting rows re-renders their checkboxes only (ReviewCells is memoised)
  const requestRef = useRef(request);
  requestRef.current = request;
  const onRowAction = useCallback((a: Action | 'request-edit', r: Review) => requestRef.current(a, [r.id], r.status === 'trash'), []);

  return (
    // inline-size containment: the card takes the page's width, its content never widens the page
    <Card sx={{ mt: 2, p: 2, contain: 'inline-size' }}>
      <Title title={translate('reviews:list.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('reviews:list.title')}
      </Typography>
      {/* the built-in tabs scroll with arrows on a phone too; the merchant's saved views sit beside them */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_, v) => update({ tab: v })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ flex: 1, minWidth: 0 }}
        >
          {TABS.map((t) => (
            <Tab key={t} value={t} label={translate(`reviews:tabs.${t}`)} />
          ))}
        </Tabs>
        <SavedViews screen="reviews" omit={PAGING_PARAMS} />
      </Box>
      <Filters value={filters} onChange={update} limit={limit} onLimit={(l) => update({ limit: l })} facets={facets} />
      <ReviewTable tab={tab} rows={page?.data ?? null} onBulk={(a, ids) => request(a, ids, tab === 'trash')} onRowAction={onRowAction} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2, mt: 1 }}>
        <Typography variant="body2">{translate('reviews:list.total', { smart_count: page?.total ?? 0 })}</Typography>
        <Button disabled={!page?.pageInfo.hasPre} onClick={() => update({ before: page!.pageInfo.previousCursor!, after: '' })}>
          {translate('reviews:list.previous')}
        </Button>
        <Button disabled={!page?.pageInfo.hasNext} onClick={() => update({ after: page!.pageInfo.nextCursor!, before: '' })}>
          {translate('reviews:list.next')}
        </Button>
      </Box>
      <DeleteDialog
        pending={pendingDelete}
        onClose={() => setPendingDelete(null)}
        onConfirm={(ids) => {
          setPendingDelete(null);
          act('delete', ids);
        }}
      />
    </Card>
  );
}
