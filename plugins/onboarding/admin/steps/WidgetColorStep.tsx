import { useEffect, useState } from 'react';
import { Box, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { getJson, putJson } from '../api';
import { StepAction } from '../StepAction';
import type { StepProps } from '../types';

interface Colors {
  starColor: string;
  accentColor: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** What a shopper would see: stars and a review in the chosen colours, redrawn as they change. */
function ColorPreview({ starColor, accentColor }: Colors) {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 1, maxWidth: 420 }}
      aria-label={translate('onboarding:color.preview')}
      role="img"
      data-testid="color-preview"
    >
      <Typography sx={{ color: starColor, fontSize: 22, letterSpacing: 2 }} aria-hidden data-star-color={starColor}>
        ★★★★★
      </Typography>
      <Typography variant="subtitle2">{translate('onboarding:color.sample_title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('onboarding:color.sample_text')}
      </Typography>
      <Box
        component="span"
        sx={{ justifySelf: 'start', mt: 1, px: 2, py: 0.75, borderRadius: 1, bgcolor: accentColor, color: '#fff', fontSize: 14 }}
        data-accent-color={accentColor}
      >
        {translate('onboarding:color.sample_button')}
      </Box>
    </Paper>
  );
}

/** Widget colour: the star and accent colours of every storefront widget (widgets' general display settings). */
export function WidgetColorStep({ complete }: StepProps) {
  const translate = useTranslate();
  const [colors, setColors] = useState<Colors | null>(null);
  useEffect(() => {
    getJson<Colors>('/display-settings/general')
      .then((g) => setColors({ starColor: g.starColor, accentColor: g.accentColor }))
      .catch(() => setColors({ starColor: '#f5a623', accentColor: '#1f2328' }));
  }, []);
  if (!colors) return null;
  const valid = HEX.test(colors.starColor) && HEX.test(colors.accentColor);
  const field = (key: keyof Colors) => (
    <TextField
      type="color"
      label={translate(`onboarding:color.${key}`)}
      value={colors[key]}
      onChange={(e) => setColors({ ...colors, [key]: e.target.value })}
      sx={{ width: 160 }}
      slotProps={{ htmlInput: { 'aria-label': translate(`onboarding:color.${key}`) } }}
    />
  );
  const save = async () => {
    await putJson('/display-settings/general', colors);
    await complete();
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        {field('starColor')}
        {field('accentColor')}
      </Stack>
      <ColorPreview {...colors} />
      <Box>
        <StepAction labelKey="onboarding:save_continue" onClick={save} disabled={!valid} />
      </Box>
    </Box>
  );
}
