import { useCallback, useEffect, useState } from 'react';
import { Box, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';
import FeatureRequestForm from './FeatureRequestForm';

interface Request {
  id: number;
  title: string;
  createdAt: string;
}

export default function FeatureRequestPage() {
  const translate = useTranslate();
  const [requests, setRequests] = useState<Request[]>([]);
  const load = useCallback(
    () =>
      apiJson<{ data: Request[] }>('/feature-requests').then(
        (r) => setRequests(r.data),
        () => setRequests([]),
      ),
    [],
  );
  useEffect(() => {
    load();
  }, [load]);
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 760 }}>
      <Title title={translate('feature-request:page_title')} />
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {translate('feature-request:page_title')}
          </Typography>
          <Typography color="text.secondary">{translate('feature-request:intro')}</Typography>
          <FeatureRequestForm onSent={load} />
        </CardContent>
      </Card>
      {requests.length > 0 && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              {translate('feature-request:yours')}
            </Typography>
            <List dense>
              {requests.map((r) => (
                <ListItem key={r.id} disableGutters>
                  <ListItemText primary={r.title} secondary={new Date(r.createdAt).toLocaleDateString()} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
