// The plugin's settings in a dialog over the list: publish new questions at once, how many buyers
// one "ask the community" invites, and the merchant's mail about new questions and community answers
// (on or off, at once or an hourly digest, and where to).
import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, TextField } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import { useNotify, useTranslate } from 'react-admin';
import { MAX_COMMUNITY_INVITES, NOTIFY_EVERY, type NotifyEvery, type QuestionSettings } from '../shared/question';
import { fetchSettings, saveSettings } from './question-api';

export function SettingsButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const [value, setValue] = useState<QuestionSettings | null>(null);
  const [emailError, setEmailError] = useState('');
  const [countError, setCountError] = useState('');

  const open = async () => setValue((await fetchSettings()).data);
  const save = async () => {
    try {
      await saveSettings({ ...value!, notifyEmail: value!.notifyEmail?.trim() || null });
      notify('questions:toast.saved', { type: 'success' });
      setValue(null);
    } catch (err) {
      const errors = (err as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (errors?.notifyEmail) setEmailError(translate('questions:settings.invalid_email'));
      if (errors?.communityInvites) setCountError(translate('questions:settings.invalid_count', { max: MAX_COMMUNITY_INVITES }));
      if (!errors?.notifyEmail && !errors?.communityInvites) notify('questions:toast.failed', { type: 'error' });
    }
  };

  return (
    <>
      <Button size="small" startIcon={<SettingsIcon />} onClick={() => void open()}>
        {translate('questions:list.settings')}
      </Button>
      <Dialog open={!!value} onClose={() => setValue(null)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('questions:settings.title')}</DialogTitle>
        {value && (
          <DialogContent sx={{ display: 'grid', gap: 1 }}>
            <FormControlLabel
              control={<Checkbox checked={value.autoPublish} onChange={(e) => setValue({ ...value, autoPublish: e.target.checked })} />}
              label={translate('questions:settings.auto_publish')}
            />
            <TextField
              label={translate('questions:settings.community_invites')}
              type="number"
              value={value.communityInvites}
              error={!!countError}
              helperText={countError || translate('questions:settings.community_invites_hint')}
              slotProps={{ htmlInput: { min: 1, max: MAX_COMMUNITY_INVITES, 'data-testid': 'community-invites' } }}
              onChange={(e) => (setCountError(''), setValue({ ...value, communityInvites: Number(e.target.value) }))}
            />
            <FormControlLabel
              control={<Checkbox checked={value.notifyMerchant} onChange={(e) => setValue({ ...value, notifyMerchant: e.target.checked })} />}
              label={translate('questions:settings.notify')}
            />
            <TextField
              select
              label={translate('questions:settings.notify_every')}
              value={value.notifyEvery}
              disabled={!value.notifyMerchant}
              slotProps={{ htmlInput: { 'data-testid': 'notify-every' } }}
              onChange={(e) => setValue({ ...value, notifyEvery: e.target.value as NotifyEvery })}
            >
              {NOTIFY_EVERY.map((every) => (
                <MenuItem key={every} value={every}>
                  {translate(`questions:settings.notify_${every}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('questions:settings.notify_email')}
              value={value.notifyEmail ?? ''}
              type="email"
              disabled={!value.notifyMerchant}
              error={!!emailError}
              helperText={emailError}
              onChange={(e) => (setEmailError(''), setValue({ ...value, notifyEmail: e.target.value }))}
            />
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => setValue(null)}>{translate('questions:settings.cancel')}</Button>
          <Button variant="contained" onClick={() => void save()}>
            {translate('questions:settings.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
