import { useState } from 'react';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Action, Review } from '../shared/review';

type RowAction = Action | 'request-edit' | 'reply' | 'edit';

function actionsFor(r: Review): RowAction[] {
  if (r.status === 'trash') return ['restore', 'delete'];
  return [
    r.status === 'published' ? 'unpublish' : 'publish',
    'reply',
    ...(r.imported ? [] : (['edit', 'request-edit', r.verified ? 'unverify' : 'verify'] as RowAction[])),
    r.featured ? 'unfeature' : 'feature',
    r.pinned ? 'unpin' : 'pin',
    r.testimonial ? 'remove-testimonial' : 'add-testimonial',
    'delete',
  ];
}

/** The row's menu: the actions that make sense for its state. */
export function RowActions({ review, onAction }: { review: Review; onAction: (a: Action | 'request-edit') => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (a: RowAction) => {
    setAnchor(null);
    if (a === 'reply') navigate(`/reviews/reply/${review.id}`);
    else if (a === 'edit') navigate(`/reviews/edit/${review.id}`);
    else onAction(a);
  };
  return (
    <>
      <IconButton aria-label={translate('reviews:list.actions')} onClick={(e) => setAnchor(e.currentTarget)} size="small">
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actionsFor(review).map((a) => (
          <MenuItem key={a} onClick={() => choose(a)}>
            {translate(`reviews:actions.${a}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
