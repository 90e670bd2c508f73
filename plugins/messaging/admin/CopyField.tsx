// A URL the merchant pastes into the provider's console: read-only, with a copy button (or the text
// selected for Ctrl+C where the browser refuses the clipboard, as on an insecure origin).
import { useRef, useState } from 'react';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';

export function CopyField({ label, value, helper }: { label: string; value: string; helper?: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      input.current?.select();
    }
  };
  const action = translate(copied ? 'messaging:copied' : 'messaging:copy');
  return (
    <TextField
      label={label}
      value={value}
      helperText={helper}
      inputRef={input}
      size="small"
      fullWidth
      slotProps={{
        input: {
          readOnly: true,
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={action}>
                <IconButton aria-label={`${action}: ${label}`} onClick={copy} edge="end">
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
