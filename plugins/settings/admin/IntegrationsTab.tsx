// Settings → Integrations: the card of every installed integration plugin (zone 'integrations'),
// each leading to its screen /settings/integration/<app>.
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Zone, useZone } from '@plaudit/kernel/admin';

export default function IntegrationsTab() {
  const translate = useTranslate();
  const cards = useZone('integrations');
  return cards.length ? <Zone name="integrations" /> : <Typography sx={{ p: 2 }}>{translate('settings:integrations.empty')}</Typography>;
}
