import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useShop } from '../shop';

/** The kernel's home page; the admin-shell plugin replaces it with quickstart and survey. */
export function Dashboard() {
  const translate = useTranslate();
  const { data: shop } = useShop();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('plaudit.menu.dashboard')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('plaudit.dashboard.welcome', { shop: shop?.name ?? shop?.shopifyDomain ?? '' })}
        </Typography>
        <Typography color="text.secondary">{translate('plaudit.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
}
