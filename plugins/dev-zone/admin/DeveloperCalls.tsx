import { Button, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { apiJson, useShop } from '@plaudit/kernel/admin';

/** The three developer calls of spec section 7: PUT /api/dev_zone?type=... */
export function DeveloperCalls() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: shop } = useShop();
  const call = async (type: string, body: unknown) => {
    try {
      const res = await apiJson<{ message: string }>(`/dev_zone?type=${type}`, { method: 'PUT', body: JSON.stringify(body) });
      await queryClient.invalidateQueries({ queryKey: ['plaudit', 'shop'] });
      notify(res.message, { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  if (!shop) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('dev-zone:calls.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }}>
          <FormControlLabel
            control={<Switch checked={Boolean(shop.enableRemoveBranding)} onChange={(e) => call('remove-branding', { status: e.target.checked })} />}
            label={translate('dev-zone:calls.remove_branding')}
          />
          <FormControlLabel
            control={<Switch checked={Boolean(shop.isGrowHacking6)} onChange={(e) => call('grow-hacking-6', { status: e.target.checked })} />}
            label={translate('dev-zone:calls.grow_hacking')}
          />
          <Button variant="outlined" onClick={() => call('skip-update-state', { dataUpdate: { setupDone: !shop.setupDone } })}>
            {translate(shop.setupDone ? 'dev-zone:calls.reset_setup' : 'dev-zone:calls.skip_setup')}
          </Button>
          <Button
            variant="outlined"
            onClick={() => call('skip-update-state', { dataUpdate: { surveyWidget: { closedAt: null, closeCount: 0, isSubmitted: false } } })}
          >
            {translate('dev-zone:calls.reset_survey')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
