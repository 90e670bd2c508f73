// Create a key: a name and the scopes it may use, checked as the API checks them. On failure the
// dialog stays open with 'Failed generate key' (spec section 2) and the API's field messages.
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { KEY_NAME_MAX, keyInput, type CreatedKey } from '../shared/keys';
import { SCOPES, type Scope } from '../shared/scopes';
import { createKey } from './api';
import { scopeLabel } from './scope-label';

interface Props {
  open: boolean;
  onClose(): void;
  onCreated(key: CreatedKey): void;
}

export function CreateKeyDialog({ open, onClose, onCreated }: Props) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['reviews:read']);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const reset = () => (setName(''), setScopes(['reviews:read']), setErrors({}), setFailed(false));
  const close = () => (reset(), onClose());
  const toggle = (scope: Scope, on: boolean) => (
    setScopes(on ? [...scopes, scope] : scopes.filter((s) => s !== scope)), setErrors({ ...errors, scopes: undefined })
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = keyInput.safeParse({ name, scopes });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
      setErrors({
        name: fields.has('name')
          ? translate(name.trim() ? 'public-api:keys.errors.name_long' : 'public-api:keys.errors.name_required', { n: KEY_NAME_MAX })
          : undefined,
        scopes: fields.has('scopes') ? translate('public-api:keys.errors.scopes') : undefined,
      });
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      const created = await createKey(parsed.data);
      reset();
      onCreated(created);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>{translate('public-api:keys.create_title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {failed && <Alert severity="error">{translate('public-api:keys.failed')}</Alert>}
        <TextField
          label={translate('public-api:keys.name')}
          value={name}
          required
          autoFocus
          margin="dense"
          onChange={(e) => (setName(e.target.value), setErrors({ ...errors, name: undefined }))}
          error={!!errors.name}
          helperText={errors.name ?? `${name.length}/${KEY_NAME_MAX}`}
          slotProps={{ htmlInput: { maxLength: KEY_NAME_MAX } }}
        />
        <FormControl error={!!errors.scopes} component="fieldset" variant="standard">
          <FormLabel component="legend">{translate('public-api:keys.scopes')}</FormLabel>
          <FormGroup>
            {SCOPES.map((scope) => (
              <FormControlLabel
                key={scope}
                label={
                  <>
                    {translate(scopeLabel(scope))}{' '}
                    <Typography component="code" variant="caption" color="text.secondary">
                      {scope}
                    </Typography>
                  </>
                }
                control={<Checkbox checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />}
              />
            ))}
          </FormGroup>
          {errors.scopes && <FormHelperText>{errors.scopes}</FormHelperText>}
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('public-api:keys.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('public-api:keys.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
