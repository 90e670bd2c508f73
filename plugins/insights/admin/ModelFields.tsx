// The language model card: none (drafts written in the app), an OpenAI-compatible endpoint (OpenAI,
// Azure, vLLM, Ollama: base URL, model, key) or Anthropic (model, key); the monthly token budget and
// this month's use; "AI summary on the storefront" (the review box's summary written by the model,
// off by default). Vendor names and example addresses are not translated.
import { Box, Card, CardContent, FormControlLabel, FormHelperText, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { DEFAULT_OPENAI_BASE_URL, type FieldErrors, PROVIDERS, type ReplySettingsView, type SettingsDraft } from './settings-api';

interface Props {
  draft: SettingsDraft;
  view: ReplySettingsView;
  errors: FieldErrors;
  onChange: (patch: Partial<SettingsDraft>) => void;
}

const ENDPOINT_EXAMPLES = [
  'OpenAI: https://api.openai.com/v1',
  'Azure: https://<resource>.openai.azure.com/openai/v1',
  'vLLM: http://<host>:8000/v1',
  'Ollama: http://<host>:11434/v1',
];

function sameOrigin(typed: string, saved: string | null): boolean {
  try {
    return new URL(typed.trim() || DEFAULT_OPENAI_BASE_URL).origin === new URL(saved ?? DEFAULT_OPENAI_BASE_URL).origin;
  } catch {
    return false;
  }
}

export function ModelFields({ draft, view, errors, onChange }: Props) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const number = (n: number) => n.toLocaleString(locale);
  // the kept key belongs to the saved provider and server: another needs its own (the API drops it)
  const keyKept = view.hasKey && draft.provider === view.provider && (draft.provider !== 'openai' || sameOrigin(draft.baseUrl, view.baseUrl));
  const field = (name: 'baseUrl' | 'model' | 'apiKey', label: string, helper: string) => (
    <TextField
      size="small"
      required={name !== 'baseUrl' && !(name === 'apiKey' && (keyKept || draft.provider === 'openai'))}
      autoComplete="off"
      type={name === 'apiKey' ? 'password' : 'text'}
      label={translate(label)}
      value={draft[name]}
      error={!!errors[name]}
      helperText={errors[name] ?? helper}
      onChange={(e) => onChange({ [name]: e.target.value })}
      slotProps={{ htmlInput: { spellCheck: false } }}
    />
  );
  const providerName = (id: (typeof PROVIDERS)[number]) => (id === 'anthropic' ? 'Anthropic (Claude)' : translate(`insights:drafts.providers.${id}`));

  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {translate('insights:drafts.model_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('insights:drafts.model_intro')}
        </Typography>
        <TextField
          select
          size="small"
          label={translate('insights:drafts.provider')}
          value={draft.provider}
          onChange={(e) => onChange({ provider: e.target.value as SettingsDraft['provider'] })}
        >
          {PROVIDERS.map((id) => (
            <MenuItem key={id} value={id}>
              {providerName(id)}
            </MenuItem>
          ))}
        </TextField>
        {draft.provider === 'openai' && (
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            {field('baseUrl', 'insights:drafts.base_url', translate('insights:drafts.base_url_help'))}
            {ENDPOINT_EXAMPLES.map((example) => (
              <Typography key={example} variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {example}
              </Typography>
            ))}
          </Box>
        )}
        {draft.provider !== 'none' && field('model', 'insights:drafts.model', translate('insights:drafts.model_help'))}
        {draft.provider !== 'none' &&
          field('apiKey', 'insights:drafts.api_key', translate(keyKept ? 'insights:drafts.api_key_kept' : 'insights:drafts.api_key_help'))}
        <TextField
          size="small"
          type="number"
          label={translate('insights:drafts.budget')}
          value={draft.monthlyTokenBudget}
          error={!!errors.monthlyTokenBudget}
          helperText={errors.monthlyTokenBudget ?? translate('insights:drafts.budget_help')}
          onChange={(e) => onChange({ monthlyTokenBudget: e.target.value })}
          slotProps={{ htmlInput: { min: 0, step: 1000 } }}
        />
        <Typography variant="body2" data-testid="model-usage">
          {translate('insights:drafts.usage', {
            used: number(view.usage.inputTokens + view.usage.outputTokens),
            budget: number(view.monthlyTokenBudget),
            calls: number(view.usage.calls),
          })}
        </Typography>
        {draft.provider !== 'none' && (
          <Box>
            <FormControlLabel
              control={<Switch checked={draft.storefrontSummary} onChange={(e) => onChange({ storefrontSummary: e.target.checked })} />}
              label={translate('insights:drafts.storefront_summary')}
            />
            <FormHelperText>{translate('insights:drafts.storefront_summary_help')}</FormHelperText>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
