// The discount settings' form parts: small labelled controls over one draft.
import type { ReactNode } from 'react';
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/** `labels`: an option's own text instead of its translation key's. */
export function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled = [],
  labels = {},
}: {
  label: string;
  value: T;
  options: T[];
  onChange: (v: T) => void;
  disabled?: T[];
  labels?: Partial<Record<T, string>>;
}) {
  const translate = useTranslate();
  return (
    <FormControl>
      <FormLabel>{translate(`rewards:page.${label}`)}</FormLabel>
      <RadioGroup value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <FormControlLabel
            key={o}
            value={o}
            control={<Radio size="small" />}
            label={labels[o] ?? translate(`rewards:page.${label}_${o}`)}
            disabled={disabled.includes(o)}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** A whole or decimal number; an emptied field keeps its text until it is valid (errors come from the schema). */
export function NumberField({
  label,
  value,
  onChange,
  error,
  hint,
  adornment,
  step = 1,
}: {
  label: string;
  value: number;
  onChange: (v: number) => void;
  error?: string;
  hint?: string;
  adornment?: ReactNode;
  step?: number;
}) {
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={Number.isFinite(value) ? value : ''}
      error={!!error}
      helperText={error ?? hint}
      onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      slotProps={{ htmlInput: { step, min: 0 }, input: adornment ? { endAdornment: adornment } : undefined }}
      sx={{ width: 220 }}
    />
  );
}
