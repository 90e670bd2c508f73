// Renders a group of field descriptors (fields.ts) as MUI inputs bound to one widget's draft.
// Gated options (custom CSS, branding removal) stay visible but disabled below the base tier,
// with a link to the subscription page, so the merchant sees what an upgrade brings.
import { Alert, Box, Button, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { WidgetKey } from '../shared/display-settings';
import type { PublicReview } from '../shared/widget-types';
import { ColorField } from './ColorField';
import type { Part, PlanInfo } from './display-api';
import { fieldValue, withField, type ScreenField } from './fields';
import { ProductPicker, ReviewPicker } from './Pickers';

export interface FieldsProps {
  widget: WidgetKey;
  fields: ScreenField[];
  draft: Part;
  errors: Record<string, string>;
  plan: PlanInfo;
  onChange: (part: Part) => void;
  onChosenReviews?: (reviews: PublicReview[]) => void;
}

/** The example a star-count format shows: "(12)", "12 reviews", "4.6 (12)". */
function optionLabel(translate: (k: string, o?: Record<string, unknown>) => string, field: ScreenField, value: string): string {
  if (field.name === 'countFormat')
    return value === '(n)' ? '(12)' : value === 'average (n)' ? '4.6 (12)' : translate('widgets:option.n_reviews', { count: 12 });
  if (value === 'inherit') return translate('widgets:option.theme_font');
  if (value === 'relative') return translate('widgets:option.relative');
  if (value === 'none') return translate('widgets:option.no_date');
  if (field.kind === 'select' && field.literal) return value;
  return translate(`widgets:option.${value}`);
}

/** A number input keeps what the merchant typed until it is a number; the schema reports the rest. */
const numberOrRaw = (raw: string) => (raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw);

export function SettingsFields({ widget, fields, draft, errors, plan, onChange, onChosenReviews }: FieldsProps) {
  const translate = useTranslate();
  const label = (name: string) => translate(`widgets:field.${widget}.${name}`);
  const set = (name: string, value: unknown) => onChange(withField(draft, name, value));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {fields
        .filter((f) => !f.when || f.when(draft))
        .map((f) => {
          const value = fieldValue(draft, f.name);
          const error = errors[f.name];
          const locked = !!f.gate && !plan.features[f.gate];
          const gate = locked && (
            <Alert
              severity="info"
              action={
                <Button component={Link} to={`/subscription?tier=${plan.requiredTier[f.gate!]}`} size="small">
                  {translate('widgets:gate.upgrade')}
                </Button>
              }
            >
              {translate(`widgets:gate.${f.gate}`)}
            </Alert>
          );
          let input;
          switch (f.kind) {
            case 'switch':
              input = (
                <FormControlLabel
                  control={<Switch checked={value === true} disabled={locked} onChange={(e) => set(f.name, e.target.checked)} />}
                  label={label(f.name)}
                />
              );
              break;
            case 'text':
              input = (
                <TextField
                  size="small"
                  label={label(f.name)}
                  value={value ?? ''}
                  disabled={locked}
                  error={!!error}
                  helperText={error ?? (f.code ? translate(`widgets:help.${widget}.${f.name}`) : undefined)}
                  multiline={f.multiline}
                  minRows={f.code ? 6 : f.multiline ? 2 : undefined}
                  onChange={(e) => set(f.name, e.target.value)}
                  slotProps={{
                    htmlInput: {
                      maxLength: f.max,
                      spellCheck: !f.code,
                      style: f.code ? { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } : undefined,
                    },
                  }}
                />
              );
              break;
            case 'number':
              input = (
                <TextField
                  size="small"
                  type="number"
                  label={label(f.name)}
                  value={value ?? ''}
                  error={!!error}
                  helperText={error}
                  onChange={(e) => set(f.name, numberOrRaw(e.target.value))}
                  slotProps={{ htmlInput: { min: f.min, max: f.max, step: f.step } }}
                />
              );
              break;
            case 'select':
              input = (
                <TextField
                  select
                  size="small"
                  label={label(f.name)}
                  value={value ?? ''}
                  error={!!error}
                  helperText={error}
                  onChange={(e) => set(f.name, e.target.value)}
                >
                  {f.options.map((o) => (
                    <MenuItem key={o} value={o}>
                      {optionLabel(translate, f, o)}
                    </MenuItem>
                  ))}
                </TextField>
              );
              break;
            case 'color':
              input = (
                <ColorField
                  label={label(f.name)}
                  pickLabel={translate('widgets:pick_colour', { name: label(f.name) })}
                  value={String(value ?? '')}
                  error={error}
                  onChange={(v) => set(f.name, v)}
                />
              );
              break;
            case 'products':
              input = (
                <ProductPicker
                  label={label(f.name)}
                  noOptions={translate('widgets:picker.no_products')}
                  value={(value as string[]) ?? []}
                  onChange={(ids) => set(f.name, ids)}
                />
              );
              break;
            case 'reviews':
              input = (
                <ReviewPicker
                  label={label(f.name)}
                  noOptions={translate('widgets:picker.no_reviews')}
                  value={(value as number[]) ?? []}
                  onChange={(ids) => set(f.name, ids)}
                  onChosen={(r) => onChosenReviews?.(r)}
                />
              );
              break;
          }
          return (
            <Box key={f.name} sx={{ display: 'grid', gap: 1 }}>
              {input}
              {gate}
            </Box>
          );
        })}
    </Box>
  );
}
