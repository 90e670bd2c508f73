// A colour as the schema stores it (#rrggbb): typed, or picked with the browser's colour picker.
import { InputAdornment, TextField } from '@mui/material';

const HEX = /^#[0-9a-fA-F]{6}$/;

export function ColorField({
  label,
  pickLabel,
  value,
  error,
  onChange,
}: {
  label: string;
  pickLabel: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      error={!!error}
      helperText={error}
      onChange={(e) => onChange(e.target.value.trim())}
      slotProps={{
        htmlInput: { maxLength: 7, spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <input
                type="color"
                aria-label={pickLabel}
                value={HEX.test(value) ? value.toLowerCase() : '#000000'}
                onChange={(e) => onChange(e.target.value)}
                style={{ width: 28, height: 28, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
