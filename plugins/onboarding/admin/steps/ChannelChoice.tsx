// The request step's channel choice (issue 32): email only, or SMS / WhatsApp first with email after,
// saved as review-requests' request setting `channels`. The channels come from review-requests'
// GET /api/email/channels, which offers the text channels only while the messaging plugin is
// installed: without it (or without that route) nothing is shown and the step is as before.
import { useEffect, useState } from 'react';
import { Alert, Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { getJson } from '../api';
import { ChoiceField } from './ChoiceField';

type Channel = 'email' | 'sms' | 'whatsapp';
interface Offered {
  channel: Channel;
  connected: boolean;
}

/** The orders offered here, each ending with email so that no customer goes without a request. */
const ORDERS: Record<string, Channel[]> = {
  email: ['email'],
  sms: ['sms', 'email'],
  whatsapp: ['whatsapp', 'email'],
  whatsapp_sms: ['whatsapp', 'sms', 'email'],
};
/** An order set on the request settings screen that is none of these: kept as it is. */
const KEPT = 'kept';

const keyOf = (channels: Channel[]) => Object.keys(ORDERS).find((k) => ORDERS[k].join() === channels.join()) ?? KEPT;

export function ChannelChoice({ value, onChange }: { value: Channel[] | undefined; onChange: (channels: Channel[]) => void }) {
  const translate = useTranslate();
  const [offered, setOffered] = useState<Offered[]>([]);
  const [kept] = useState(value);
  useEffect(() => {
    getJson<Offered[]>('/email/channels')
      .then(setOffered)
      .catch(() => setOffered([]));
  }, []);
  const text = offered.filter((o) => o.channel !== 'email');
  if (!text.length) return null;
  const has = (c: Channel) => text.some((o) => o.channel === c);
  const options = Object.keys(ORDERS).filter((k) => ORDERS[k].every((c) => c === 'email' || has(c)));
  if (kept && keyOf(kept) === KEPT) options.push(KEPT);
  const chosen = value ?? ORDERS.email;
  const current = keyOf(chosen);
  const unconnected = text.filter((o) => !o.connected && chosen.includes(o.channel)).map((o) => o.channel);
  const warning = unconnected.length > 1 ? 'both' : unconnected[0];
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <ChoiceField
        labelKey="onboarding:timing.channels.label"
        prefix="onboarding:timing.channels"
        options={options}
        value={current}
        onChange={(k) => onChange(k === KEPT ? (kept ?? ORDERS.email) : ORDERS[k])}
      />
      {warning && <Alert severity="info">{translate(`onboarding:timing.channels.not_connected_${warning}`)}</Alert>}
    </Box>
  );
}
