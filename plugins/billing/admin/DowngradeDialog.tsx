// Downgrading (or cancelling to Free) asks for a reason first; a paying merchant who has not used
// it yet is offered 50% off for 2 billing periods instead, once.
import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { DOWNGRADE_REASONS, type PlanInfo } from '../shared/plans';

interface Props {
  target: PlanInfo | null;
  currentName: string;
  leaveOffer: boolean;
  busy: boolean;
  onClose(): void;
  onDowngrade(reason: string): void;
  onAcceptOffer(): void;
}

export function DowngradeDialog({ target, currentName, leaveOffer, busy, onClose, onDowngrade, onAcceptOffer }: Props) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const confirm = () => (reason ? onDowngrade(reason) : setError(true));
  return (
    <Dialog open={!!target} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('billing:downgrade.title', { name: target?.name ?? '' })}</DialogTitle>
      <DialogContent>
        {leaveOffer && (
          <Alert
            severity="success"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" disabled={busy} onClick={onAcceptOffer}>
                {translate('billing:downgrade.offer_accept')}
              </Button>
            }
          >
            <Typography variant="subtitle2">{translate('billing:downgrade.offer_title')}</Typography>
            {translate('billing:downgrade.offer_text', { name: currentName })}
          </Alert>
        )}
        <FormControl error={error} required>
          <Typography id="downgrade-reason" sx={{ mb: 1 }}>
            {translate('billing:downgrade.question')}
          </Typography>
          <RadioGroup aria-labelledby="downgrade-reason" value={reason} onChange={(e) => (setReason(e.target.value), setError(false))}>
            {DOWNGRADE_REASONS.map((r) => (
              <FormControlLabel key={r} value={r} control={<Radio />} label={translate(`billing:downgrade.reasons.${r}`)} />
            ))}
          </RadioGroup>
          {error && <FormHelperText>{translate('billing:downgrade.reason_required')}</FormHelperText>}
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('billing:action.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={confirm}>
          {translate('billing:downgrade.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
