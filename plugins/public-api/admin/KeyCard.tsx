// One key in the list: name, status, the visible start of the key, scopes, created and last used,
// and for an active key its rotate and revoke actions.
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ApiKeyView } from '../shared/keys';
import { scopeLabel } from './scope-label';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : null);

interface Props {
  apiKey: ApiKeyView;
  canMake: boolean;
  onRotate(): void;
  onRevoke(): void;
}

export function KeyCard({ apiKey: k, canMake, onRotate, onRevoke }: Props) {
  const translate = useTranslate();
  const active = k.status === 'active';
  return (
    <Paper variant="outlined" sx={{ p: 2, opacity: active ? 1 : 0.7 }} data-testid={`api-key-${k.id}`} component="li">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {k.name}
            </Typography>
            <Chip size="small" color={active ? 'success' : 'default'} label={translate(`public-api:keys.status.${k.status}`)} />
          </Stack>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', mt: 0.5 }}>
            {k.prefix}…
          </Typography>
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', my: 1 }}>
            {k.scopes.map((s) => (
              <Chip key={s} size="small" variant="outlined" label={translate(scopeLabel(s))} title={s} />
            ))}
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p">
            {translate('public-api:keys.created_at', { date: when(k.createdAt) })}
            {' · '}
            {k.lastUsedAt ? translate('public-api:keys.last_used', { date: when(k.lastUsedAt) }) : translate('public-api:keys.never_used')}
            {k.revokedAt && (
              <>
                {' · '}
                {translate('public-api:keys.revoked_at', { date: when(k.revokedAt) })}
              </>
            )}
          </Typography>
        </Box>
        {active && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexShrink: 0 }}>
            <Button size="small" variant="outlined" disabled={!canMake} onClick={onRotate}>
              {translate('public-api:keys.rotate')}
            </Button>
            <Button size="small" variant="outlined" color="error" onClick={onRevoke}>
              {translate('public-api:keys.revoke')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
