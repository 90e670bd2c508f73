// Why the edit form is locked, and what the merchant can do about it: a customer's review changes
// only with the customer's consent, so the edit request comes first (spec section 4).
import { Alert, AlertTitle, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { EditBlock, Review } from '../shared/review';

type Notice = 'imported' | 'needs_request' | 'waiting' | 'denied';

function noticeOf(block: EditBlock, review: Review): Notice {
  if (block === 'not_confirmed') return review.editRequest === 'unconfirmed' ? 'waiting' : 'needs_request';
  return block;
}

export function EditBlockNotice({ block, review, sending, onRequest }: { block: EditBlock; review: Review; sending: boolean; onRequest: () => void }) {
  const translate = useTranslate();
  const notice = noticeOf(block, review);
  const canAsk = notice === 'needs_request' || notice === 'waiting';
  return (
    <Alert severity={notice === 'needs_request' ? 'info' : 'warning'} sx={{ mb: 2 }} data-testid="edit-block">
      <AlertTitle>{translate(`reviews:edit.${notice}_title`)}</AlertTitle>
      {translate(`reviews:edit.${notice}`)}
      {canAsk && !review.email && <div>{translate('reviews:toast.email_not_found')}</div>}
      {canAsk && review.email && (
        <Button
          variant={notice === 'needs_request' ? 'contained' : 'outlined'}
          size="small"
          sx={{ display: 'block', mt: 1 }}
          disabled={sending}
          onClick={onRequest}
        >
          {translate(notice === 'needs_request' ? 'reviews:edit.send_request' : 'reviews:edit.send_again')}
        </Button>
      )}
    </Alert>
  );
}
