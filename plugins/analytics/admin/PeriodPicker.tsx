// The period: 7, 30 or 90 days, 12 months (all ending today in the shop's timezone), or a custom
// range of days. A custom range applies once both days are valid and in order.
import { useEffect, useRef, useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PERIODS } from '../shared/api';
import { isDay, periodQuery, type PeriodChoice } from './period';

const CUSTOM = 'custom';
// the API's limit: at most three years
const MAX_DAYS = 3 * 366;

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** Why a custom range cannot be asked for yet (its message key), undefined when it can. */
function rangeProblem({ from, to }: { from: string; to: string }) {
  if (!isDay(from) || !isDay(to)) return 'invalid';
  if (from > to) return 'order';
  return daysBetween(from, to) > MAX_DAYS ? 'too_long' : undefined;
}

export interface PeriodPickerProps {
  choice: PeriodChoice;
  onChange(choice: PeriodChoice): void;
  /** the days the current answer covers, to start a custom range from */
  shown?: { from: string; to: string };
}

export function PeriodPicker({ choice, onChange, shown }: PeriodPickerProps) {
  const translate = useTranslate();
  const [draft, setDraft] = useState(() => ('from' in choice ? choice : undefined));
  const key = periodQuery(choice);
  /** the periods this picker asked for that the URL has not shown yet: they arrive after edits typed since */
  const asked = useRef<string[]>([]);
  const ask = (next: PeriodChoice) => {
    const query = periodQuery(next);
    // the URL holds it already: no change will come
    if (query !== key) asked.current.push(query);
    onChange(next);
  };
  // the URL changed (back button, a tab): show its range, not an edit in progress; a change this picker
  // asked for keeps the edit (a From typed before the custom range reached the URL stays)
  useEffect(() => {
    const own = asked.current.indexOf(key);
    asked.current = own < 0 ? [] : asked.current.slice(own + 1);
    if (own < 0) setDraft('from' in choice ? choice : undefined);
  }, [key]);
  const custom = draft !== undefined;

  const pick = (value: string) => {
    if (value !== CUSTOM) return (setDraft(undefined), ask({ period: value as (typeof PERIODS)[number] }));
    const start = shown
      ? { from: shown.from, to: shown.to }
      : { from: new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) };
    setDraft(start);
    ask(start);
  };
  const problem = draft && rangeProblem(draft);
  const edit = (patch: Partial<{ from: string; to: string }>) => {
    const next = { ...draft!, ...patch };
    setDraft(next);
    if (!rangeProblem(next)) ask(next);
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        select
        size="small"
        label={translate('analytics:period.label')}
        value={custom ? CUSTOM : (choice as { period: string }).period}
        onChange={(e) => pick(e.target.value)}
        sx={{ minWidth: 180 }}
      >
        {PERIODS.map((p) => (
          <MenuItem key={p} value={p}>
            {translate(`analytics:period.${p}`)}
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM}>{translate('analytics:period.custom')}</MenuItem>
      </TextField>
      {custom && (
        <>
          <TextField
            type="date"
            size="small"
            label={translate('analytics:period.from')}
            value={draft.from}
            onChange={(e) => edit({ from: e.target.value })}
            error={!!problem}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label={translate('analytics:period.to')}
            value={draft.to}
            onChange={(e) => edit({ to: e.target.value })}
            error={!!problem}
            slotProps={{ inputLabel: { shrink: true } }}
            helperText={problem ? translate(`analytics:period.problem.${problem}`) : undefined}
          />
        </>
      )}
    </Stack>
  );
}
