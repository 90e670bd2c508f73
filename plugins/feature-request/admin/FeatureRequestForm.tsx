import { useState, type FormEvent } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';
import { DESCRIPTION_MIN, featureRequestInput, TITLE_MAX } from '../shared/feature-request';

/** The feature-request form; it checks what the API checks, with translated messages. */
export default function FeatureRequestForm({ onSent }: { onSent?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = featureRequestInput.safeParse({ title, description });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
      setErrors({
        ...(fields.has('title') ? { title: translate('feature-request:errors.title') } : {}),
        ...(fields.has('description') ? { description: translate('feature-request:errors.description', { n: DESCRIPTION_MIN }) } : {}),
      });
      return;
    }
    setBusy(true);
    try {
      await apiJson('/feature-requests', { method: 'POST', body: JSON.stringify(parsed.data) });
      notify('feature-request:sent', { type: 'success' });
      setTitle('');
      setDescription('');
      setErrors({});
      onSent?.();
    } catch {
      notify('feature-request:failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <TextField
        label={translate('feature-request:title_label')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={!!errors.title}
        helperText={errors.title ?? `${title.length}/${TITLE_MAX}`}
        slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
        required
      />
      <TextField
        label={translate('feature-request:description_label')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={!!errors.description}
        helperText={errors.description ?? translate('feature-request:description_help')}
        multiline
        minRows={4}
        required
      />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('feature-request:submit')}
        </Button>
      </Box>
    </Box>
  );
}
