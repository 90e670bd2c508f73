// The shop's quiet hours (GET|PUT /api/messaging/settings): no text message between start and end in
// the customer's local time; a request due then waits for the morning rather than going by email.
import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { apiJson, LeaveGuard } from '@plaudit/kernel/admin';

interface QuietHours {
  start: string;
  end: string;
}

/** What a merchant switching quiet hours back on starts from (the plugin's default). */
const DEFAULT_HOURS: QuietHours = { start: '21:00', end: '09:00' };
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

export function QuietHoursCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const [saved, setSaved] = useState<QuietHours | null | undefined>(undefined);
  const [draft, setDraft] = useState<QuietHours | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiJson<{ data: { quietHours: QuietHours | null } }>('/messaging/settings').then((r) => {
      setSaved(r.data.quietHours);
      setDraft(r.data.quietHours);
    });
  }, []);
  if (saved === undefined) return null;

  const dirty = JSON.stringify(saved) !== JSON.stringify(draft);
  const wrong = (v: string) => !CLOCK.test(v);
  const valid = !draft || (!wrong(draft.start) && !wrong(draft.end));
  const save = async () => {
    setBusy(true);
    try {
      const r = await apiJson<{ data: { quietHours: QuietHours | null } }>('/messaging/settings', {
        method: 'PUT',
        body: JSON.stringify({ quietHours: draft }),
      });
      setSaved(r.data.quietHours);
      setDraft(r.data.quietHours);
      notify('plaudit.saved', { type: 'success' });
    } catch (err) {
      notify(err instanceof HttpError ? err.message : 'plaudit.save_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const time = (key: keyof QuietHours) =>
    draft && (
      <TextField
        type="time"
        size="small"
        label={translate(`messaging:quiet.${key}`)}
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        error={wrong(draft[key])}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
        sx={{ width: 160 }}
      />
    );
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {translate('messaging:quiet.title')}
        </Typography>
        <Typography variant="body2">{translate('messaging:quiet.help')}</Typography>
        <FormControlLabel
          control={<Switch checked={!!draft} onChange={(e) => setDraft(e.target.checked ? (saved ?? DEFAULT_HOURS) : null)} />}
          label={translate('messaging:quiet.enabled')}
        />
        {draft && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {time('start')}
            {time('end')}
          </Box>
        )}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button disabled={!dirty || busy} onClick={() => setDraft(saved)}>
            {translate('messaging:quiet.discard')}
          </Button>
          <Button variant="contained" disabled={!dirty || !valid || busy} onClick={save}>
            {translate('ra.action.save')}
          </Button>
        </Stack>
        <LeaveGuard dirty={dirty} />
      </CardContent>
    </Card>
  );
}
