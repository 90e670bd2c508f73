// What to bring from a marketplace: how many reviews (1 to 100), which stars, only those with
// photos, one buyers' country. The same controls set the defaults in Settings > Import reviews.
import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { MarketplaceDefaults } from './api';
import { COUNTRIES, countryName } from './countries';

export const MAX_REVIEWS = { min: 1, max: 100 };
const STARS = [5, 4, 3, 2, 1];

/** Spec section 5: 'Number needs to be between equal 1 and 100'. */
export function maxReviewsError(value: number, translate: (k: string, o?: Record<string, unknown>) => string): string | undefined {
  const ok = Number.isInteger(value) && value >= MAX_REVIEWS.min && value <= MAX_REVIEWS.max;
  return ok ? undefined : translate('plaudit.validation.number_between_equal', MAX_REVIEWS);
}

interface Props {
  value: MarketplaceDefaults;
  onChange: (patch: Partial<MarketplaceDefaults>) => void;
  /** prefix of the controls' test ids, when two sets share a page */
  idPrefix?: string;
}

export function MarketplaceOptions({ value, onChange, idPrefix = 'options' }: Props) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const error = maxReviewsError(value.maxReviews, translate);
  const toggle = (star: number, on: boolean) => onChange({ stars: on ? [...value.stars, star].sort((a, b) => b - a) : value.stars.filter((s) => s !== star) });
  const names = COUNTRIES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale));

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid={idPrefix}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          size="small"
          type="number"
          label={translate('imports:options.max_reviews')}
          value={Number.isFinite(value.maxReviews) ? value.maxReviews : ''}
          onChange={(e) => onChange({ maxReviews: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
          error={!!error}
          helperText={error ?? translate('imports:options.max_reviews_hint')}
          slotProps={{ htmlInput: { min: MAX_REVIEWS.min, max: MAX_REVIEWS.max, step: 1 } }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <TextField
          select
          size="small"
          label={translate('imports:options.country')}
          value={value.country ?? ''}
          onChange={(e) => onChange({ country: e.target.value || null })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 260 } }}
        >
          <MenuItem value="">{translate('imports:options.all_countries')}</MenuItem>
          {names.map((c) => (
            <MenuItem key={c.code} value={c.code}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <FormControl component="fieldset" error={!value.stars.length}>
        <FormLabel component="legend">{translate('imports:options.stars')}</FormLabel>
        <FormGroup row>
          {STARS.map((s) => (
            <FormControlLabel
              key={s}
              label={translate('imports:options.star', { smart_count: s })}
              control={<Checkbox size="small" checked={value.stars.includes(s)} onChange={(e) => toggle(s, e.target.checked)} />}
            />
          ))}
        </FormGroup>
        {!value.stars.length && <FormHelperText>{translate('imports:options.stars_required')}</FormHelperText>}
      </FormControl>
      <FormControlLabel
        control={<Switch checked={value.withPhotos} onChange={(e) => onChange({ withPhotos: e.target.checked })} />}
        label={translate('imports:options.with_photos')}
      />
    </Box>
  );
}

export const optionsValid = (v: MarketplaceDefaults) =>
  Number.isInteger(v.maxReviews) && v.maxReviews >= MAX_REVIEWS.min && v.maxReviews <= MAX_REVIEWS.max && v.stars.length > 0;
