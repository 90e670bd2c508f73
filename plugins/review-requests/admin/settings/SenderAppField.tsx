// "Send with": Plaudit's own email, or the email-marketing app a plugin offers (Klaviyo), which the
// shop must be connected to. Shown only when such a plugin is installed.
import { useEffect, useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';

interface SenderApp {
  app: string;
  label: string;
  connected: boolean;
}

const PLAUDIT = 'plaudit';

export function SenderAppField({ value, onChange }: { value: string | null | undefined; onChange: (senderApp: string | null) => void }) {
  const translate = useTranslate();
  const [apps, setApps] = useState<SenderApp[]>([]);
  useEffect(() => {
    apiJson<{ data: SenderApp[] }>('/email/sender-apps').then(
      (r) => setApps(r.data),
      () => setApps([]),
    );
  }, []);
  if (!apps.length) return null;
  const chosen = apps.find((a) => a.app === value);
  const helper = chosen
    ? chosen.connected
      ? translate('review-requests:sender.app_help', { app: chosen.label })
      : translate('review-requests:sender.not_connected', { app: chosen.label })
    : translate('review-requests:sender.plaudit_help');
  return (
    <TextField
      select
      size="small"
      label={translate('review-requests:sender.label')}
      value={value ?? PLAUDIT}
      onChange={(e) => onChange(e.target.value === PLAUDIT ? null : e.target.value)}
      error={!!chosen && !chosen.connected}
      helperText={helper}
      sx={{ maxWidth: 560 }}
    >
      <MenuItem value={PLAUDIT}>{translate('review-requests:sender.plaudit')}</MenuItem>
      {apps.map((a) => (
        <MenuItem key={a.app} value={a.app} disabled={!a.connected && a.app !== value}>
          {a.connected ? a.label : translate('review-requests:sender.connect_first', { app: a.label })}
        </MenuItem>
      ))}
    </TextField>
  );
}
