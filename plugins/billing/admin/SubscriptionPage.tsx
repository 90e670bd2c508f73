// /subscription: the plan comparison. `tier` (from a gate the merchant hit) highlights the plan that
// unlocks it; `success=true` follows a switch to Free; `charge` tells how Shopify's confirmation went.
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { TierName } from '../shared/plans';
import { PlansPanel } from './PlansPanel';
import { useSubscription } from './useSubscription';

const TIERS: TierName[] = ['base', 'second', 'third'];

export default function SubscriptionPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const tier = TIERS.find((t) => t === params.get('tier'));
  const charge = params.get('charge');
  const { data: info } = useSubscription();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('billing:title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('billing:title')}
      </Typography>
      {/* a full-access store has every feature: no gate to explain (issue 37) */}
      {tier && info && !info.fullAccess && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('billing:gate', { name: translate(`billing:tier.${tier}`) })}
        </Alert>
      )}
      {params.get('success') === 'true' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('billing:toast.switched_free')}
        </Alert>
      )}
      {charge === 'approved' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('billing:toast.approved')}
        </Alert>
      )}
      {charge === 'declined' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('billing:toast.declined')}
        </Alert>
      )}
      <Card>
        <CardContent>
          <PlansPanel highlightTier={tier} />
        </CardContent>
      </Card>
    </Box>
  );
}
