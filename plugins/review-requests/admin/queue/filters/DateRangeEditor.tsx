import { useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { dateRangeError } from './validation';

export interface DayRange {
  from: string;
  to: string;
}

/** A from/to pair of whole days; either end may stay open. */
export function DateRangeEditor({ value, onDraft }: { value: DayRange; onDraft: (range: DayRange | null) => void }) {
  const translate = useTranslate();
  const [draft, setDraft] = useState(value);
  const error = dateRangeError(draft.from, draft.to);
  const change = (patch: Partial<DayRange>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    onDraft(dateRangeError(next.from, next.to) || (!next.from && !next.to) ? null : next);
  };
  const day = (key: keyof DayRange) => (
    <TextField
      size="small"
      type="date"
      label={translate(`review-requests:queue.filters.${key}`)}
      value={draft[key]}
      error={!!error}
      helperText={key === 'to' && error ? translate(error) : undefined}
      onChange={(e) => change({ [key]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ flex: 1 }}
    />
  );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      {day('from')}
      {day('to')}
    </Stack>
  );
}
