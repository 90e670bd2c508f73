// A colour or a two-colour gradient at an angle 0 to 360 (spec section 2's colour picker), with
// preset swatches. The value is the card's paint string ('#rrggbb' or 'linear-gradient(...)').
import { Box, Slider, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { paintValue, parsePaint, type Paint } from '../shared/card';

const SWATCHES = ['#ffffff', '#202223', '#d6336c', '#ff7a59', '#f4b400', '#34d399', '#2f6f8f', '#7b2ff7', '#111827', '#fff4e6'];
const GRADIENTS = [
  'linear-gradient(135deg, #ff7a59, #7b2ff7)',
  'linear-gradient(180deg, #ffe3ec, #e3f6f5)',
  'linear-gradient(90deg, #34d399, #60a5fa)',
  'linear-gradient(45deg, #f4b400, #d6336c)',
];

export function ColorField({ label, value, onChange, gradients = true }: { label: string; value: string; onChange: (v: string) => void; gradients?: boolean }) {
  const translate = useTranslate();
  const paint: Paint = parsePaint(value) ?? { kind: 'solid', color: '#000000' };
  const set = (p: Paint) => onChange(paintValue(p));
  const mode = (kind: string | null) => {
    if (!kind || kind === paint.kind) return;
    if (kind === 'solid') set({ kind: 'solid', color: paint.kind === 'gradient' ? paint.from : paint.color });
    else set({ kind: 'gradient', angle: 90, from: paint.kind === 'solid' ? paint.color : '#ffffff', to: '#7b2ff7' });
  };
  const colourInput = (name: string, color: string, change: (c: string) => void) => (
    <input
      type="color"
      aria-label={name ? `${label} ${name}` : label}
      value={color}
      onChange={(e) => change(e.target.value)}
      style={{ width: 40, height: 32, padding: 0, border: 0, background: 'none' }}
    />
  );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {gradients && (
          <ToggleButtonGroup size="small" exclusive value={paint.kind} onChange={(_, k) => mode(k)} aria-label={label}>
            <ToggleButton value="solid">{translate('qr-codes:edit.solid')}</ToggleButton>
            <ToggleButton value="gradient">{translate('qr-codes:edit.gradient')}</ToggleButton>
          </ToggleButtonGroup>
        )}
        {paint.kind === 'solid' ? (
          colourInput('', paint.color, (color) => set({ kind: 'solid', color }))
        ) : (
          <>
            {colourInput('1', paint.from, (from) => set({ ...paint, from }))}
            {colourInput('2', paint.to, (to) => set({ ...paint, to }))}
          </>
        )}
        {(paint.kind === 'solid' ? SWATCHES : GRADIENTS).map((s) => (
          <Box
            key={s}
            component="button"
            type="button"
            aria-label={s}
            aria-pressed={s === value}
            onClick={() => onChange(s)}
            sx={{
              width: 26,
              height: 26,
              borderRadius: '50%',
              cursor: 'pointer',
              background: s,
              border: s === value ? '2px solid #005bd3' : '1px solid #8a8a8a',
              p: 0,
            }}
          />
        ))}
      </Stack>
      {paint.kind === 'gradient' && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1, maxWidth: 360 }}>
          <Typography variant="body2" id={`${label}-angle`}>
            {translate('qr-codes:edit.angle')}
          </Typography>
          <Slider
            size="small"
            min={0}
            max={360}
            value={paint.angle}
            onChange={(_, a) => set({ ...paint, angle: a as number })}
            valueLabelDisplay="auto"
            aria-labelledby={`${label}-angle`}
          />
          <Typography variant="body2" sx={{ minWidth: 40 }}>
            {paint.angle}°
          </Typography>
        </Stack>
      )}
    </Box>
  );
}
