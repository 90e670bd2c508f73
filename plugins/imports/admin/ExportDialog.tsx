// Export, no lock-in: the reviews as CSV or XLSX, in Plaudit's format (every field; imports back) or
// in Judge.me's import template, filtered like the review list (ratings 5 to 1, product, state,
// dates). Or the questions and answers (issue 20): every one, as CSV in Plaudit's Q&A format, no
// filters. Failure: 'Failed to export reviews' (spec section 8).
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { downloadFile } from './download';
import { ProductPicker, type ProductOption } from '@plaudit/kernel/admin';

const CONTENTS = ['reviews', 'questions'] as const;
const FORMATS = ['plaudit', 'judgeme'] as const;
const TYPES = ['csv', 'xlsx'] as const;
const STATES = ['all', 'published', 'unpublished'] as const;
const RATINGS = [5, 4, 3, 2, 1];

export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [content, setContent] = useState<(typeof CONTENTS)[number]>('reviews');
  const [format, setFormat] = useState<(typeof FORMATS)[number]>('plaudit');
  const [type, setType] = useState<(typeof TYPES)[number]>('csv');
  const [ratings, setRatings] = useState<number[]>(RATINGS);
  const [state, setState] = useState<(typeof STATES)[number]>('all');
  const [product, setProduct] = useState<ProductOption | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const rangeError = from && to && from > to ? translate('plaudit.validation.invalid_date_range') : undefined;

  const questions = content === 'questions';
  const run = async () => {
    setBusy(true);
    try {
      if (questions) await downloadFile('/imports/export?content=questions', 'questions-plaudit.csv');
      else await downloadReviews();
      onClose();
    } catch {
      notify('imports:errors.export_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const downloadReviews = () => {
    const query = new URLSearchParams({ format, type, tab: state });
    if (ratings.length < RATINGS.length) query.set('rating', ratings.join(','));
    if (product) query.set('productId', product.id);
    // the merchant's local days, both inclusive, as the review list sends them
    if (from) query.set('from', new Date(`${from}T00:00:00`).toISOString());
    if (to) query.set('to', new Date(`${to}T23:59:59.999`).toISOString());
    return downloadFile(`/imports/export?${query}`, `reviews-${format}.${type}`);
  };
  const day = (label: string, value: string, set: (v: string) => void, error?: string) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      error={!!error}
      helperText={error}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ flex: 1 }}
    />
  );

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="export-title">
      <DialogTitle id="export-title">{translate('imports:export.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        <FormControl>
          <FormLabel id="export-content">{translate('imports:export.content')}</FormLabel>
          <RadioGroup row aria-labelledby="export-content" value={content} onChange={(e) => setContent(e.target.value as typeof content)}>
            {CONTENTS.map((c) => (
              <FormControlLabel key={c} value={c} control={<Radio size="small" />} label={translate(`imports:export.content_${c}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        {questions ? (
          <Typography variant="body2" color="text.secondary">
            {translate('imports:export.questions_note')}
          </Typography>
        ) : (
          reviewOptions()
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('imports:export.cancel')}
        </Button>
        <Button variant="contained" onClick={run} disabled={busy || (!questions && (!ratings.length || !!rangeError))}>
          {translate('imports:export.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );

  function reviewOptions() {
    return (
      <>
        <FormControl>
          <FormLabel id="export-format">{translate('imports:export.format')}</FormLabel>
          <RadioGroup aria-labelledby="export-format" value={format} onChange={(e) => setFormat(e.target.value as typeof format)}>
            {FORMATS.map((f) => (
              <FormControlLabel key={f} value={f} control={<Radio size="small" />} label={translate(`imports:export.format_${f}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl>
          <FormLabel id="export-type">{translate('imports:export.type')}</FormLabel>
          <RadioGroup row aria-labelledby="export-type" value={type} onChange={(e) => setType(e.target.value as typeof type)}>
            {TYPES.map((t) => (
              <FormControlLabel key={t} value={t} control={<Radio size="small" />} label={t.toUpperCase()} />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl component="fieldset" error={!ratings.length}>
          <FormLabel component="legend">{translate('imports:export.rating')}</FormLabel>
          <FormGroup row>
            {RATINGS.map((r) => (
              <FormControlLabel
                key={r}
                label={translate('imports:options.star', { smart_count: r })}
                control={
                  <Checkbox
                    size="small"
                    checked={ratings.includes(r)}
                    onChange={(e) => setRatings(e.target.checked ? [...ratings, r].sort((a, b) => b - a) : ratings.filter((x) => x !== r))}
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            size="small"
            label={translate('imports:export.state')}
            value={state}
            onChange={(e) => setState(e.target.value as typeof state)}
            sx={{ minWidth: 180 }}
          >
            {STATES.map((s) => (
              <MenuItem key={s} value={s}>
                {translate(`imports:export.state_${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <ProductPicker value={product} onChange={setProduct} label={translate('imports:export.product')} width="100%" images />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {day(translate('imports:export.from'), from, setFrom)}
          {day(translate('imports:export.to'), to, setTo, rangeError)}
        </Stack>
      </>
    );
  }
}
