// A new key's secret, shown this once (after create and rotate): copy it now, it is never shown again.
import { useRef, useState, type FocusEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';
import type { CreatedKey } from '../shared/keys';

export function NewKeyDialog({ created, onClose }: { created: CreatedKey | null; onClose(): void }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created!.key);
      setCopied(true);
    } catch {
      // no clipboard access (an insecure origin, a refused permission): select it for Ctrl+C instead
      input.current?.select();
    }
  };
  const close = () => (setCopied(false), onClose());
  return (
    <Dialog open={!!created} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{translate('public-api:keys.shown_title', { name: created?.name ?? '' })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">{translate('public-api:keys.shown_once')}</Alert>
        <TextField
          label={translate('public-api:keys.your_key')}
          value={created?.key ?? ''}
          fullWidth
          margin="dense"
          inputRef={input}
          slotProps={{
            htmlInput: {
              readOnly: true,
              'data-testid': 'new-key',
              style: { fontFamily: 'monospace' },
              onFocus: (e: FocusEvent<HTMLInputElement>) => e.target.select(),
            },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={translate(copied ? 'public-api:keys.copied' : 'public-api:keys.copy')}>
                    <IconButton onClick={copy} aria-label={translate('public-api:keys.copy')} edge="end">
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          {translate('public-api:keys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
