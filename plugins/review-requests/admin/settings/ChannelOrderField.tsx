// "Send review requests by" (issue 32): email only, or text channels tried in the merchant's order
// before it (WhatsApp, else SMS, else email). The channels offered and whether the shop connected a
// provider for each come from GET /api/email/channels (the Messaging capability); without the
// messaging plugin only email is offered and the field is not shown.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';
import type { RequestChannel } from '@plaudit/contracts/messaging';

interface Offered {
  channel: RequestChannel;
  connected: boolean;
}

/** Unset in the stored settings: email only, as before the text channels existed. */
export const EMAIL_ONLY: RequestChannel[] = ['email'];

const move = (list: RequestChannel[], i: number, by: -1 | 1) => {
  const next = [...list];
  [next[i], next[i + by]] = [next[i + by], next[i]];
  return next;
};

export function ChannelOrderField({ value, onChange }: { value: RequestChannel[] | undefined; onChange: (channels: RequestChannel[]) => void }) {
  const translate = useTranslate();
  const [offered, setOffered] = useState<Offered[]>([]);
  useEffect(() => {
    apiJson<{ data: Offered[] }>('/email/channels').then(
      (r) => setOffered(r.data),
      () => setOffered([]),
    );
  }, []);
  if (offered.length < 2) return null;
  const chosen = value ?? EMAIL_ONLY;
  const name = (c: RequestChannel) => translate(`review-requests:channels.${c}`);
  const notConnected = chosen.filter((c) => !offered.find((o) => o.channel === c)?.connected);
  const addable = offered.filter((o) => !chosen.includes(o.channel));
  return (
    <Box component="section" aria-labelledby="request-channels" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="request-channels" variant="subtitle1" component="h3">
        {translate('review-requests:channels.label')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('review-requests:channels.help')}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={translate('review-requests:channels.label')}>
        {chosen.map((c, i) => (
          <Stack component="li" key={c} data-channel={c} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ minWidth: 110 }}>{`${i + 1}. ${name(c)}`}</Typography>
            {notConnected.includes(c) && <Chip size="small" color="warning" label={translate('review-requests:channels.not_connected')} />}
            <Box sx={{ flexGrow: 1 }} />
            <Tooltip title={translate('review-requests:channels.up', { channel: name(c) })}>
              <span>
                <IconButton
                  size="small"
                  aria-label={translate('review-requests:channels.up', { channel: name(c) })}
                  disabled={i === 0}
                  onClick={() => onChange(move(chosen, i, -1))}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={translate('review-requests:channels.down', { channel: name(c) })}>
              <span>
                <IconButton
                  size="small"
                  aria-label={translate('review-requests:channels.down', { channel: name(c) })}
                  disabled={i === chosen.length - 1}
                  onClick={() => onChange(move(chosen, i, 1))}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={translate('review-requests:channels.remove', { channel: name(c) })}>
              <span>
                <IconButton
                  size="small"
                  aria-label={translate('review-requests:channels.remove', { channel: name(c) })}
                  disabled={chosen.length === 1}
                  onClick={() => onChange(chosen.filter((x) => x !== c))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        ))}
      </Stack>
      {addable.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {addable.map((o) => (
            <Button key={o.channel} size="small" startIcon={<AddIcon />} onClick={() => onChange([...chosen, o.channel])}>
              {translate('review-requests:channels.add', { channel: name(o.channel) })}
            </Button>
          ))}
        </Stack>
      )}
      {notConnected.length > 0 && (
        <Alert severity="warning">{translate('review-requests:channels.skipped', { channels: notConnected.map(name).join(', ') })}</Alert>
      )}
      {!chosen.includes('email') && <Alert severity="info">{translate('review-requests:channels.no_email')}</Alert>}
    </Box>
  );
}
