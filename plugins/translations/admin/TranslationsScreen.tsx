// The "Widget labels" section of /translations (TranslationsPage): the storefront widgets' labels in one language,
// each with its default; save, reset one label or the whole language, CSV out and in for a
// translator, and a preview that follows the typing.
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { apiDownload, LeaveGuard } from '@plaudit/kernel/admin';
import LabelField from './LabelField';
import LabelsPreview from './LabelsPreview';
import { labelProblem } from '../shared/labels';
import { exportPath, importLabels, type LanguageLabels, loadLabels, refusalOf, resetLabel, resetLanguage, type RowRefusal, saveLabels } from './labels-api';
import { problemText } from './problem-text';
import { groupName, groupOf, labelName } from './label-names';

const textsOf = (data: LanguageLabels) => Object.fromEntries(data.labels.map((r) => [r.key, r.text ?? '']));

export default function TranslationsScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const [adminLocale] = useLocaleState();
  const [lang, setLang] = useState('en');
  const [data, setData] = useState<LanguageLabels>();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<RowRefusal[]>([]);
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const show = useCallback((next: LanguageLabels) => {
    setData(next);
    setTexts(textsOf(next));
    setErrors({});
  }, []);

  useEffect(() => {
    let live = true;
    setData(undefined);
    loadLabels(lang).then(
      (d) => live && show(d),
      () => live && notify('translations:load_failed', { type: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [lang, show, notify]);

  const names = useMemo(() => new Intl.DisplayNames([adminLocale], { type: 'language' }), [adminLocale]);
  const dirty = !!data && data.labels.some((r) => (r.text ?? '') !== texts[r.key]);
  const onChange = useCallback((key: string, value: string) => {
    setTexts((t) => ({ ...t, [key]: value }));
    // a refusal is about the text that was refused: typing again clears it
    setErrors((e) => (key in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e));
  }, []);

  /** Runs a call that answers the language's labels; 'saved successfully' or 'failed to save'. `keep`: unsaved texts that stay. */
  const run = async (call: () => Promise<LanguageLabels>, keep?: Record<string, string>) => {
    setBusy(true);
    try {
      const next = await call();
      show(next);
      if (keep) setTexts({ ...textsOf(next), ...keep });
      setRowErrors([]);
      notify('translations:saved', { type: 'success' });
    } catch (err) {
      const refusal = refusalOf(err);
      setErrors(refusal.fields);
      setRowErrors(refusal.rows);
      notify('translations:save_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  /** The screen checks what the API checks, in the merchant's language, before sending. */
  const save = () => {
    const found: Record<string, string> = {};
    for (const row of data?.labels ?? []) {
      const text = texts[row.key]?.trim() ?? '';
      const problem = text ? labelProblem(text, row.default, row.max) : undefined;
      if (problem) found[row.key] = problemText(translate, problem);
    }
    setErrors(found);
    if (Object.keys(found).length) return notify('translations:save_failed', { type: 'error' });
    void run(() => saveLabels(lang, texts));
  };

  /** One label back to its default at once; the other labels' unsaved texts stay. */
  const onReset = (key: string) => {
    const saved = data?.labels.find((r) => r.key === key)?.text ?? null;
    const keep = Object.fromEntries(Object.entries(texts).filter(([k]) => k !== key));
    if (saved === null) setTexts({ ...texts, [key]: '' });
    else void run(() => resetLabel(lang, key), keep);
  };
  // a stable handler, so typing in one field does not redraw the hundred others
  const resetRef = useRef(onReset);
  resetRef.current = onReset;
  const onResetLabel = useCallback((key: string) => resetRef.current(key), []);
  const onImport = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (chosen) await run(async () => importLabels(lang, await chosen.text()));
  };

  const needle = filter.trim().toLowerCase();
  const matches = (r: LanguageLabels['labels'][number]) =>
    [r.key, labelName(translate, r.key, r.default), r.default, texts[r.key] ?? ''].some((t) => t.toLowerCase().includes(needle));
  const shown = data?.labels.filter((r) => !needle || matches(r)) ?? [];
  // one heading per widget part ('Review box', 'Review form'...), in the catalog's order
  const groups = [...new Set(shown.map((r) => groupOf(r.key)))].map((g) => ({ group: g, rows: shown.filter((r) => groupOf(r.key) === g) }));
  const preview = useMemo(() => Object.fromEntries((data?.labels ?? []).map((r) => [r.key, texts[r.key] || r.default])), [data, texts]);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <LeaveGuard dirty={dirty} />
      <Typography color="text.secondary">{translate('translations:intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={translate('translations:language')}
          value={lang}
          onChange={(e) => setLang(e.target.value)}
          sx={{ minWidth: 220 }}
          disabled={dirty}
        >
          {(data?.languages ?? [lang]).map((code) => (
            <MenuItem key={code} value={code}>{`${names.of(code) ?? code} (${code})`}</MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={translate('translations:filter')} value={filter} onChange={(e) => setFilter(e.target.value)} />
        <Button
          onClick={() => void apiDownload(exportPath(lang), `plaudit-labels-${lang}.csv`).catch(() => notify('translations:export_failed', { type: 'error' }))}
        >
          {translate('translations:export')}
        </Button>
        <Button onClick={() => file.current?.click()} disabled={busy}>
          {translate('translations:import')}
        </Button>
        <input ref={file} type="file" accept=".csv,text/csv" hidden onChange={(e) => void onImport(e)} data-testid="labels-import" />
      </Stack>
      {dirty && (
        <Typography variant="body2" color="text.secondary">
          {translate('translations:save_first')}
        </Typography>
      )}
      {rowErrors.length > 0 && (
        <Alert severity="error">
          <Typography variant="subtitle2">{translate('translations:import_rows')}</Typography>
          {rowErrors.map((r) => (
            <div key={`${r.line}-${r.key}`}>
              {translate('translations:row_error', { line: r.line, key: r.key || '-', message: r.problem ? problemText(translate, r.problem) : r.message })}
            </div>
          ))}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: 'minmax(0, 3fr) minmax(260px, 2fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {groups.map(({ group, rows }) => (
            <Box key={group} component="section" aria-label={groupName(translate, group)} sx={{ display: 'grid', gap: 1.5 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1 }}>
                {groupName(translate, group)}
              </Typography>
              {rows.map((row) => (
                <LabelField
                  key={row.key}
                  row={row}
                  value={texts[row.key] ?? ''}
                  error={errors[row.key]}
                  lang={lang}
                  onChange={onChange}
                  onReset={onResetLabel}
                />
              ))}
            </Box>
          ))}
        </Box>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
          <LabelsPreview texts={preview} lang={lang} />
        </Box>
      </Box>
      <Stack direction="row" spacing={2} sx={{ position: 'sticky', bottom: 0, py: 1.5, bgcolor: 'background.paper' }}>
        <Button variant="contained" disabled={!data || busy || !dirty} onClick={save}>
          {translate('translations:save')}
        </Button>
        <Button color="warning" disabled={!data || busy || !data.labels.some((r) => r.text !== null)} onClick={() => void run(() => resetLanguage(lang))}>
          {translate('translations:reset_language')}
        </Button>
      </Stack>
    </Box>
  );
}
