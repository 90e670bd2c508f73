import { useState } from 'react';
import { InputAdornment, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { orderRangeErrors, orderRangeValue } from './validation';

type Field = 'from' | 'to';

/** fromOrder / toOrder, shown with a # prefix; messages once a field was touched (spec section 5). */
export function OrderRangeEditor({ value, onDraft }: { value: string; onDraft: (range: string | null) => void }) {
  const translate = useTranslate();
  const [start, end] = value ? value.split('_') : ['', ''];
  const [draft, setDraft] = useState({ from: start, to: end });
  const [touched, setTouched] = useState({ from: false, to: false });
  const errors = orderRangeErrors(draft.from, draft.to);
  const change = (field: Field, text: string) => {
    const next = { ...draft, [field]: text };
    setDraft(next);
    setTouched((t) => ({ ...t, [field]: true }));
    onDraft(orderRangeValue(next.from, next.to));
  };
  const field = (key: Field, name: 'fromOrder' | 'toOrder') => {
    const message = touched[key] && errors[key] ? translate(errors[key]!, { min: 1 }) : undefined;
    return (
      <TextField
        size="small"
        name={name}
        label={translate(`review-requests:queue.filters.${name}`)}
        value={draft[key]}
        required
        error={!!message}
        helperText={message}
        onChange={(e) => change(key, e.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, [key]: true }))}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">#</InputAdornment> }, htmlInput: { inputMode: 'numeric' } }}
      />
    );
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      {field('from', 'fromOrder')}
      {field('to', 'toOrder')}
    </Stack>
  );
}
