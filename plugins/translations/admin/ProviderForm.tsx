// The provider choice and what it needs from the merchant: DeepL's key, Google's project and access
// token; the self-hosted servers (Apertium, LibreTranslate) are run by the app's operator, so the
// merchant has nothing to enter. Keys come back masked and stay as stored unless typed anew.
import { Box, Button, Card, CardContent, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CREDENTIALS, MASK, type ProviderDraft, type ProviderId, PROVIDERS } from './provider-api';

interface Props {
  draft: ProviderDraft;
  errors: Partial<Record<keyof ProviderDraft, string>>;
  busy: boolean;
  dirty: boolean;
  onChange: (patch: Partial<ProviderDraft>) => void;
  onSave: () => void;
}

/** Brand names stay as they are; the self-hosted ones say so (they need nothing from the merchant). */
const BRANDS: Record<ProviderId, string> = { apertium: 'Apertium', deepl: 'DeepL', google: 'Google Cloud Translation', libretranslate: 'LibreTranslate' };
const QUALIFIER: Partial<Record<ProviderId, string>> = {
  apertium: 'translations:review.self_hosted_default',
  libretranslate: 'translations:review.self_hosted',
};

/** A secret is shown as typed only while it is the stored mask; a new one is hidden as it is typed. */
const secretType = (value: string) => (value === '' || value.startsWith(MASK) ? 'text' : 'password');

export default function ProviderForm({ draft, errors, busy, dirty, onChange, onSave }: Props) {
  const translate = useTranslate();
  const providerName = (id: ProviderId) => (QUALIFIER[id] ? `${BRANDS[id]} (${translate(QUALIFIER[id])})` : BRANDS[id]);
  const field = (name: keyof ProviderDraft, secret = false) => (
    <TextField
      key={name}
      size="small"
      fullWidth
      required
      autoComplete="off"
      type={secret ? secretType(String(draft[name])) : 'text'}
      label={translate(`translations:review.fields.${name}`)}
      value={draft[name]}
      error={!!errors[name]}
      helperText={errors[name] ?? translate(`translations:review.helpers.${name}`)}
      onChange={(e) => onChange({ [name]: e.target.value })}
      slotProps={{ htmlInput: { spellCheck: false } }}
    />
  );
  const needs = CREDENTIALS[draft.provider];
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <Typography variant="h6" component="h2">
          {translate('translations:review.provider_title')}
        </Typography>
        <TextField
          select
          size="small"
          label={translate('translations:review.provider')}
          value={draft.provider}
          error={!!errors.provider}
          helperText={errors.provider}
          onChange={(e) => onChange({ provider: e.target.value as ProviderDraft['provider'] })}
        >
          {PROVIDERS.map((id) => (
            <MenuItem key={id} value={id}>
              {providerName(id)}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {translate(`translations:review.about.${draft.provider}`)}
        </Typography>
        {needs.length > 0 && <Box sx={{ display: 'grid', gap: 2 }}>{needs.map((name) => field(name, name !== 'googleProject'))}</Box>}
        <Box>
          <FormControlLabel
            control={<Switch checked={draft.autoTranslate} onChange={(e) => onChange({ autoTranslate: e.target.checked })} />}
            label={translate('translations:review.auto')}
          />
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 6 } }}>
            {translate('translations:review.auto_help')}
          </Typography>
        </Box>
        <Box>
          <Button variant="contained" disabled={busy || !dirty} onClick={onSave}>
            {translate('translations:save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
