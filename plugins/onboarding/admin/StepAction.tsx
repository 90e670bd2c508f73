import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A step's main button: busy while its work runs, so it cannot be pressed twice. */
export function StepAction({
  labelKey,
  onClick,
  disabled,
  variant = 'contained',
  options,
}: {
  labelKey: string;
  onClick: () => Promise<unknown>;
  disabled?: boolean;
  variant?: 'contained' | 'outlined' | 'text';
  options?: Record<string, unknown>;
}) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onClick();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} onClick={run} disabled={disabled || busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
      {translate(labelKey, options)}
    </Button>
  );
}
