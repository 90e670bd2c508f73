import { useState } from 'react';
import { Card, CardContent, FormControlLabel, Switch, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useShopUpdate } from './shop-update';

/** The app can be enabled or disabled, confirmed with a toast (spec section 2). */
export function AppStatusCard({ enabled }: { enabled: boolean }) {
  const translate = useTranslate();
  const update = useShopUpdate();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    await update({ appStatus: !enabled }, 'updateAppStatus');
    setBusy(false);
  };
  return (
    <Card>
      <CardContent sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <div>
          <Typography variant="h6" component="h2">
            {translate('dashboard:app_status.title')}
          </Typography>
          <Typography color="text.secondary">{translate(enabled ? 'dashboard:app_status.enabled' : 'dashboard:app_status.disabled')}</Typography>
        </div>
        <FormControlLabel
          control={<Switch checked={enabled} onChange={toggle} disabled={busy} />}
          label={translate(enabled ? 'dashboard:app_status.disable' : 'dashboard:app_status.enable')}
        />
      </CardContent>
    </Card>
  );
}
