import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { SISTER_APPS } from '@plaudit/kernel/admin';

const APPS = [
  { key: 'survey', handle: SISTER_APPS.customerSurvey },
  { key: 'loyalty', handle: SISTER_APPS.rewards },
  { key: 'chatbot', handle: SISTER_APPS.chatbot },
];

/** Recommended apps that work well with Plaudit. */
export default function PartnersPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('partners:title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('partners:title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {APPS.map((app) => (
          <Card key={app.key} sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flex: 1 }}>
              <Typography variant="h6" component="h2">
                {translate(`partners:apps.${app.key}.name`)}
              </Typography>
              <Typography color="text.secondary">{translate(`partners:apps.${app.key}.description`)}</Typography>
            </CardContent>
            <CardActions>
              <Button href={`https://apps.shopify.com/${app.handle}`} target="_blank" rel="noopener noreferrer">
                {translate('partners:view')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
