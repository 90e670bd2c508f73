import { Button, IconButton, MenuItem, Stack, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import type { RequestSettings } from '../../shared/request-settings';
import { CountryPicker } from './CountryPicker';

type Row = RequestSettings['timingCountries'][number];

/** Per-country timing rows; the delete button shows only when there is more than one row. */
export function TimingRows(p: {
  rows: Row[];
  errors: Record<string, string>;
  allowHour: boolean;
  onChange: (rows: Row[]) => void;
  onDelete: (index: number) => void;
}) {
  const translate = useTranslate();
  const setRow = (i: number, patch: Partial<Row>) => p.onChange(p.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack spacing={2}>
      {p.rows.map((row, i) => (
        <Stack
          key={i}
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'flex-start' } }}
          aria-label={translate('review-requests:settings.row', { n: row.priority })}
          role="group"
        >
          <TextField
            type="number"
            size="small"
            sx={{ width: 140 }}
            label={translate('review-requests:settings.number')}
            value={row.sendAfterCustom}
            onChange={(e) => setRow(i, { sendAfterCustom: e.target.value.trim() === '' ? 1 : Number(e.target.value) })}
            error={!!p.errors[`timingCountries.${i}.sendAfterCustom`]}
            helperText={p.errors[`timingCountries.${i}.sendAfterCustom`]}
          />
          <TextField
            select
            size="small"
            label={translate('review-requests:settings.unit')}
            value={row.timeUnit}
            onChange={(e) => setRow(i, { timeUnit: e.target.value as Row['timeUnit'] })}
          >
            <MenuItem value="day">{translate('review-requests:unit.day')}</MenuItem>
            {/* hours come with the delivery trigger; a row saved in hours keeps showing them */}
            {(p.allowHour || row.timeUnit === 'hour') && <MenuItem value="hour">{translate('review-requests:unit.hour')}</MenuItem>}
          </TextField>
          <CountryPicker
            value={row.selectedCountries}
            onChange={(selectedCountries) => setRow(i, { selectedCountries })}
            error={p.errors[`timingCountries.${i}.selectedCountries`]}
          />
          {p.rows.length > 1 && (
            <IconButton aria-label={translate('ra.action.delete')} onClick={() => p.onDelete(i)}>
              <DeleteIcon />
            </IconButton>
          )}
        </Stack>
      ))}
      <Button
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => p.onChange([...p.rows, { priority: p.rows.length + 1, sendAfterCustom: 7, timeUnit: 'day', selectedCountries: [] }])}
      >
        {translate('review-requests:settings.add_row')}
      </Button>
    </Stack>
  );
}
