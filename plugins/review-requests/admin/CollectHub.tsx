import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Zone } from '@plaudit/kernel/admin';
import { OldOrdersCard } from './old-orders/OldOrdersCard';

// /collect-reviews: the cards of the 'collect-reviews' zone (this plugin's are in its manifest;
// other plugins add theirs the same way), then the old-orders card.
export default function CollectHub() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('review-requests:menu')} />
      <Typography variant="h5" component="h1">
        {translate('review-requests:menu')}
      </Typography>
      <Zone name="collect-reviews" />
      <OldOrdersCard />
    </Box>
  );
}
