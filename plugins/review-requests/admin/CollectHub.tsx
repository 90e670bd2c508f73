import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { OldOrdersCard } from './old-orders/OldOrdersCard';

const CARDS = [
  { to: '/collect-reviews/review-request', key: 'queue' },
  { to: '/collect-reviews/setting-request', key: 'settings' },
  { to: '/collect-reviews/emails', key: 'emails' },
  { to: '/collect-reviews/email-notifications', key: 'notifications' },
];

export default function CollectHub() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('review-requests:menu')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('review-requests:menu')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {CARDS.map((c) => (
          <Card key={c.key}>
            <CardActionArea component={Link} to={c.to}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {translate(`review-requests:hub.${c.key}.title`)}
                </Typography>
                <Typography color="text.secondary">{translate(`review-requests:hub.${c.key}.text`)}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <OldOrdersCard />
    </Box>
  );
}
