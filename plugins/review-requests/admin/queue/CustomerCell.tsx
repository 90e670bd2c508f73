import { Chip, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { adminUrl, type QueueRow } from './queue-api';

/** Name or email, linked to the admin customer; 'Email not found' without an email; a blocked mark. */
export function CustomerCell({ row, shop }: { row: QueueRow; shop: string }) {
  const translate = useTranslate();
  const label = row.customerName || row.customerEmail || '—';
  const name = row.shopifyCustomerId ? (
    <Link href={adminUrl(shop, 'customers', row.shopifyCustomerId)} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
      {label}
    </Link>
  ) : (
    <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
      {label}
    </Typography>
  );
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {row.customerEmail ? (
        name
      ) : (
        <Tooltip title={translate('review-requests:queue.email_not_found')}>
          <span>{name}</span>
        </Tooltip>
      )}
      {row.isBlockCustomer && <Chip size="small" color="warning" variant="outlined" label={translate('review-requests:queue.blocked')} />}
    </Stack>
  );
}
