// The file step: drop a file or pick one. The browser refuses a file over 25 MB or of another type
// before sending it (spec section 5's messages); the server checks the bytes and answers the rest.
import { useRef, useState, type DragEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { ACCEPTED_FILES, importsApi, MAX_FILE_BYTES, refusal, type ImportFile } from './api';
import { useMessage } from './messages';

const EXTENSIONS = ACCEPTED_FILES.split(',');

export function UploadZone({ onUploaded, disabled }: { onUploaded: (file: ImportFile) => void; disabled?: boolean }) {
  const translate = useTranslate();
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const take = async (file: File | undefined) => {
    if (!file || busy) return;
    setError(null);
    if (!EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext))) return setError(translate('imports:errors.file_type'));
    if (file.size > MAX_FILE_BYTES) return setError(translate('imports:errors.file_size'));
    setBusy(true);
    try {
      onUploaded(await importsApi.upload(file));
    } catch (err) {
      setError(message(refusal(err).message ?? translate('imports:errors.upload_failed')));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) take(e.dataTransfer.files[0]);
  };

  return (
    <Box>
      <Box
        data-testid="drop-zone"
        onDragOver={(e) => (e.preventDefault(), setOver(true))}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 2,
          p: { xs: 3, sm: 5 },
          display: 'grid',
          justifyItems: 'center',
          gap: 1.5,
          textAlign: 'center',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          transition: 'background-color 120ms',
        }}
      >
        {busy ? <CircularProgress size={40} aria-label={translate('imports:upload.uploading')} /> : <UploadFileIcon color="action" sx={{ fontSize: 40 }} />}
        <Typography>{translate(busy ? 'imports:upload.uploading' : 'imports:upload.drop')}</Typography>
        <Button variant="contained" disabled={busy || disabled} onClick={() => input.current?.click()}>
          {translate('imports:upload.choose')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {translate('imports:upload.hint')}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept={ACCEPTED_FILES}
          aria-label={translate('imports:upload.file')}
          onChange={(e) => take(e.target.files?.[0])}
        />
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
