import { useEffect, useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { EmailTemplate } from '@plaudit/kernel/admin';
import { emailsApi, fieldErrors } from './emails-api';

const DEBOUNCE_MS = 400;

/**
 * The live preview: the draft rendered by the API with sample data, re-rendered as the merchant types
 * (debounced, the older request aborted). The iframe is sandboxed without scripts: the email is inert.
 */
export function TemplatePreview({ id, draft, onErrors }: { id: string; draft: EmailTemplate; onErrors: (errors: Record<string, string>) => void }) {
  const translate = useTranslate();
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const [stale, setStale] = useState(false);
  const key = JSON.stringify(draft);
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      emailsApi.preview(id, draft, abort.signal).then(
        (p) => {
          setPreview(p);
          setStale(false);
          onErrors({});
        },
        (error) => {
          if (abort.signal.aborted) return;
          setStale(true);
          onErrors(fieldErrors(error));
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, key]);

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {stale && <Alert severity="warning">{translate('review-requests:emails.editor.preview_stale')}</Alert>}
      <Typography variant="body2" color="text.secondary">
        {translate('review-requests:emails.editor.subject_label')}{' '}
        <Box component="span" data-testid="preview-subject" sx={{ color: 'text.primary', fontWeight: 600 }}>
          {preview?.subject ?? ''}
        </Box>
      </Typography>
      <Box
        component="iframe"
        title={translate('review-requests:emails.editor.preview')}
        sandbox=""
        srcDoc={preview?.html ?? ''}
        sx={{ width: '100%', height: 640, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#f4f4f4' }}
      />
    </Box>
  );
}
