import { useEffect, useState } from 'react';
import { Button, Card, CardContent, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';

/** Place a demo order on the store emulator for this shop, to watch a review request go out. */
export function EmulatorControls() {
  const translate = useTranslate();
  const notify = useNotify();
  const [enabled, setEnabled] = useState(false);
  const [country, setCountry] = useState('US');
  const [fulfill, setFulfill] = useState(true);
  const [deliver, setDeliver] = useState(false);
  useEffect(() => {
    apiJson<{ enabled: boolean }>('/dev_zone/emulator').then(
      (r) => setEnabled(r.enabled),
      () => setEnabled(false),
    );
  }, []);
  if (!enabled) return null;
  const place = async () => {
    try {
      const res = await apiJson<{ message: string }>('/dev_zone/emulator/orders', {
        method: 'POST',
        body: JSON.stringify({ country: country.toUpperCase(), fulfill, deliver }),
      });
      notify(res.message, { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('dev-zone:emulator.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            label={translate('dev-zone:emulator.country')}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 2 } }}
          />
          <FormControlLabel
            control={<Checkbox checked={fulfill} onChange={(e) => setFulfill(e.target.checked)} />}
            label={translate('dev-zone:emulator.fulfill')}
          />
          <FormControlLabel
            control={<Checkbox checked={deliver} onChange={(e) => setDeliver(e.target.checked)} />}
            label={translate('dev-zone:emulator.deliver')}
          />
          <Button variant="contained" onClick={place}>
            {translate('dev-zone:emulator.place_order')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
