// A review's cells in the moderation list, all but its checkbox: memoised, so that selecting rows (one
// or all 50 of a page) re-renders the checkboxes only, not every row's stars, chips, media and menu
// (issue 36: the select-all click of a 50-review page was the slowest interaction of the admin).
import { memo } from 'react';
import { Chip, TableCell, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Action, Review } from '../shared/review';
import { LabelChips } from './LabelChips';
import { ReviewMedia } from './ReviewMedia';
import { RowActions } from './RowActions';
import { Stars } from './Stars';

type Props = { review: Review; onAction: (a: Action | 'request-edit', r: Review) => void };

export const ReviewCells = memo(function ReviewCells({ review: r, onAction }: Props) {
  const translate = useTranslate();
  return (
    <>
      <TableCell>
        <Stars value={r.rating} />
      </TableCell>
      <TableCell sx={{ maxWidth: 420 }}>
        <LabelChips labels={r.labels} />
        {r.title && <Typography variant="subtitle2">{r.title}</Typography>}
        <Typography variant="body2" data-testid="review-content" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {r.content}
        </Typography>
        <ReviewMedia media={r.media} />
        {r.replyContent && (
          <Typography variant="caption" color="text.secondary">
            {translate('reviews:list.replied')}: {r.replyContent}
          </Typography>
        )}
      </TableCell>
      <TableCell>{[r.firstName, r.lastName].filter(Boolean).join(' ')}</TableCell>
      <TableCell>{r.kind === 'store' ? translate('reviews:list.store_review') : (r.productTitle ?? r.productId)}</TableCell>
      <TableCell>
        <Chip size="small" label={translate(`reviews:status.${r.status}`)} color={r.status === 'published' ? 'success' : 'default'} />
        {r.verified && <Chip size="small" variant="outlined" label={translate('reviews:list.verified')} sx={{ ml: 0.5 }} />}
        {r.featured && <Chip size="small" variant="outlined" label={translate('reviews:list.featured')} sx={{ ml: 0.5 }} />}
        {r.testimonial && <Chip size="small" variant="outlined" color="secondary" label={translate('reviews:list.testimonial')} sx={{ ml: 0.5 }} />}
        {r.pinned && <Chip size="small" variant="outlined" label={translate('reviews:list.pinned')} sx={{ ml: 0.5 }} />}
        {r.editRequest && (
          <Chip
            size="small"
            variant="outlined"
            color={r.editRequest === 'denied' ? 'warning' : 'default'}
            label={translate(`reviews:edit_request.${r.editRequest}`)}
            sx={{ ml: 0.5 }}
          />
        )}
      </TableCell>
      <TableCell>{new Date(r.createdAt).toLocaleDateString()}</TableCell>
      <TableCell>
        <RowActions review={r} onAction={(a) => onAction(a, r)} />
      </TableCell>
    </>
  );
});
