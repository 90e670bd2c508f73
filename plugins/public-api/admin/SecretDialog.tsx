// An endpoint's signing secret: shown (after adding, or on "Reveal secret"), copied, rolled.
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { revealSecret, rollSecret } from './webhooks-api';

interface Props {
  /** the endpoint, with its secret when just added */
  shown: { id: number; secret?: string } | null;
  canRoll: boolean;
  onClose(): void;
}

export function SecretDialog({ shown, canRoll, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [secret, setSecret] = useState('');
  const [copied, setCopied] = useState(false);
  const [rolling, setRolling] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setCopied(false);
    if (!shown) return setSecret('');
    if (shown.secret) return setSecret(shown.secret);
    revealSecret(shown.id).then(
      (r) => setSecret(r.secret),
      () => notify('public-api:webhooks.action_failed', { type: 'error' }),
    );
  }, [shown, notify]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      input.current?.select();
    }
  };
  const roll = async () => {
    try {
      setSecret((await rollSecret(shown!.id)).secret);
      setCopied(false);
      notify('public-api:webhooks.rolled', { type: 'success' });
    } catch {
      notify('public-api:webhooks.action_failed', { type: 'error' });
    } finally {
      setRolling(false);
    }
  };

  return (
    <Dialog open={!!shown} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('public-api:webhooks.secret')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="info">{translate('public-api:webhooks.secret_text')}</Alert>
        <TextField
          label={translate('public-api:webhooks.secret')}
          value={secret}
          fullWidth
          margin="dense"
          inputRef={input}
          slotProps={{
            htmlInput: {
              readOnly: true,
              'data-testid': 'webhook-secret',
              style: { fontFamily: 'monospace' },
              onFocus: (e: FocusEvent<HTMLInputElement>) => e.target.select(),
            },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={translate(copied ? 'public-api:webhooks.copied' : 'public-api:webhooks.copy')}>
                    <IconButton onClick={copy} aria-label={translate('public-api:webhooks.copy')} edge="end">
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
        <Button color="warning" disabled={!canRoll || !secret} onClick={() => setRolling(true)}>
          {translate('public-api:webhooks.roll')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('public-api:webhooks.close')}
        </Button>
      </DialogActions>
      <Confirm
        isOpen={rolling}
        onClose={() => setRolling(false)}
        onConfirm={roll}
        title="public-api:webhooks.roll_title"
        content="public-api:webhooks.roll_text"
        confirm="public-api:webhooks.roll"
        confirmColor="warning"
      />
    </Dialog>
  );
}
