// The mapping step: the format we recognised (the merchant may pick another), each field with the
// file's column that feeds it (or none), the first rows, then Start. The API's 'A {field} column is
// required' messages appear under their field. A Q&A file (FORMATS.md#questions) has fixed columns:
// a sentence says so instead of the table.
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  FormHelperText,
  MenuItem,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { FIELDS, type Field } from '../shared/row';
import { importsApi, refusal, type ImportFile, type ImportRun, type Mapping } from './api';
import { fieldOfLabel, useMessage, type MessageOf } from './messages';
import { cellOf, PreviewTable } from './PreviewTable';

/** formats/questions.ts QUESTIONS_FORMAT.id: Plaudit's questions and answers file */
const QUESTIONS_FORMAT_ID = 'plaudit-questions';

interface Props {
  file: ImportFile;
  onStarted: (run: ImportRun) => void;
  onCancel: () => void;
}

interface StartErrors {
  byField: Partial<Record<Field, string>>;
  other: string | null;
}

/** A refusal's messages by field: keyed by the field (or `mapping.<field>`), or naming it ('A rating column is required'). */
function startErrors(error: unknown, translated: MessageOf, fallback: string): StartErrors {
  const { message, errors } = refusal(error);
  const entries = Object.entries(errors).length ? Object.entries(errors) : message ? [['', message]] : [];
  const byField: StartErrors['byField'] = {};
  const other: string[] = [];
  for (const [key, text] of entries) {
    const named = /^A (.+) column is required$/.exec(text);
    const field = FIELDS.find((f) => f === key.split('.').pop()) ?? (named ? fieldOfLabel(named[1]) : undefined);
    if (field) byField[field] ??= translated(text);
    else other.push(translated(text));
  }
  if (!entries.length) other.push(fallback);
  return { byField, other: other.join(' ') || null };
}

export function MappingStep({ file, onStarted, onCancel }: Props) {
  const translate = useTranslate();
  const message = useMessage();
  const [format, setFormat] = useState(file.format ?? '');
  const [mapping, setMapping] = useState<Mapping>(file.mapping);
  const [required, setRequired] = useState<Field[]>(file.required);
  const [errors, setErrors] = useState<StartErrors>({ byField: {}, other: null });
  const [showAll, setShowAll] = useState(false);
  // a field the merchant changed stays in the list, even once set to "not in this file"
  const [touched, setTouched] = useState<Field[]>([]);
  const [busy, setBusy] = useState(false);

  const chooseFormat = (id: string) => {
    setFormat(id);
    const choice = file.formats.find((f) => f.id === id);
    if (choice?.mapping) setMapping(choice.mapping);
    if (choice?.required) setRequired(choice.required);
    setErrors({ byField: {}, other: null });
  };
  const map = (field: Field, header: string) => {
    setMapping({ ...mapping, [field]: header || null });
    setTouched(touched.includes(field) ? touched : [...touched, field]);
    setErrors({ ...errors, byField: { ...errors.byField, [field]: undefined } });
  };
  const start = async () => {
    setBusy(true);
    try {
      onStarted(await importsApi.start(file.id, format, mapping));
    } catch (err) {
      setErrors(startErrors(err, message, translate('imports:errors.start_failed')));
    } finally {
      setBusy(false);
    }
  };

  const questions = format === QUESTIONS_FORMAT_ID;
  const used = (f: Field) => required.includes(f) || !!mapping[f] || !!errors.byField[f] || touched.includes(f);
  const fields = showAll ? [...FIELDS] : FIELDS.filter(used);
  const mappedNow = Object.values(mapping);
  const choice = file.formats.find((f) => f.id === format);
  // columns with values that nothing reads: the format's own list, and the ones the merchant un-mapped since
  const dropped = questions
    ? []
    : file.headers.filter(
        (h) =>
          !mappedNow.includes(h) &&
          ((choice?.unmapped ?? []).some((c) => c.header === h) ||
            (Object.values(choice?.mapping ?? {}).includes(h) && file.preview.some((r) => cellOf(file, r, h)))),
      );
  const droppedDate = dropped.some((h) => choice?.unmapped?.some((c) => c.header === h && c.date));
  const unused = file.headers.filter((h) => !mappedNow.includes(h) && !dropped.includes(h));
  const example = (header: string | null | undefined) => (header ? (file.preview.map((r) => cellOf(file, r, header)).find(Boolean) ?? '') : '');

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }} data-testid="mapping-step">
      <Box>
        <Typography variant="h6" component="h2">
          {translate('imports:mapping.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {file.fileName}
        </Typography>
      </Box>
      {!file.format && <Alert severity="info">{translate('imports:mapping.unknown_format')}</Alert>}
      <TextField
        select
        size="small"
        label={translate('imports:mapping.format')}
        value={format}
        onChange={(e) => chooseFormat(e.target.value)}
        sx={{ maxWidth: 360 }}
        helperText={translate(file.format ? 'imports:mapping.format_detected' : 'imports:mapping.format_choose')}
        error={!format && !!errors.other}
      >
        {file.formats.map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {f.label}
          </MenuItem>
        ))}
      </TextField>
      {questions && <Alert severity="info">{translate('imports:mapping.questions_file')}</Alert>}
      <Box sx={{ overflowX: 'auto', display: questions ? 'none' : undefined }}>
        <Table size="small" aria-label={translate('imports:mapping.title')} data-testid="mapping-table">
          <TableHead>
            <TableRow>
              <TableCell>{translate('imports:mapping.field')}</TableCell>
              <TableCell>{translate('imports:mapping.column')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{translate('imports:mapping.example')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((f) => (
              <TableRow key={f} data-testid={`mapping-${f}`}>
                <TableCell sx={{ verticalAlign: 'top', pt: 2 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{translate(`imports:fields.${f}`)}</span>
                    {required.includes(f) && <Chip size="small" color="primary" variant="outlined" label={translate('imports:mapping.required')} />}
                  </Stack>
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <FormControl size="small" hiddenLabel error={!!errors.byField[f]} sx={{ minWidth: { xs: 150, sm: 220 } }}>
                    <Select
                      value={mapping[f] ?? ''}
                      displayEmpty
                      onChange={(e) => map(f, e.target.value)}
                      inputProps={{ 'aria-label': translate(`imports:fields.${f}`) }}
                    >
                      <MenuItem value="">
                        <em>{translate('imports:mapping.not_in_file')}</em>
                      </MenuItem>
                      {file.headers.map((h) => (
                        <MenuItem key={h} value={h}>
                          {h}
                        </MenuItem>
                      ))}
                    </Select>
                    {errors.byField[f] && <FormHelperText role="alert">{errors.byField[f]}</FormHelperText>}
                  </FormControl>
                </TableCell>
                <TableCell
                  sx={{
                    display: { xs: 'none', md: 'table-cell' },
                    color: 'text.secondary',
                    maxWidth: 280,
                    wordBreak: 'break-word',
                    verticalAlign: 'top',
                    pt: 2,
                  }}
                >
                  {example(mapping[f]).slice(0, 120)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {!questions && !showAll && fields.length < FIELDS.length && (
          <Button size="small" onClick={() => setShowAll(true)}>
            {translate('imports:mapping.show_all', { smart_count: FIELDS.length - fields.length })}
          </Button>
        )}
        {!questions && unused.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('imports:mapping.unused', { columns: unused.join(', ') })}
          </Typography>
        )}
      </Stack>
      {dropped.length > 0 && (
        <Alert severity="warning" data-testid="mapping-dropped">
          {translate(droppedDate ? 'imports:mapping.dropped_date' : 'imports:mapping.dropped', { columns: dropped.map((h) => `"${h}"`).join(', ') })}
        </Alert>
      )}
      <PreviewTable file={file} />
      {errors.other && (
        <Alert severity="error" role="alert">
          {errors.other}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={busy}>
          {translate('imports:mapping.another_file')}
        </Button>
        <Button variant="contained" onClick={start} disabled={busy || !format}>
          {translate('imports:mapping.start')}
        </Button>
      </Stack>
    </Box>
  );
}
