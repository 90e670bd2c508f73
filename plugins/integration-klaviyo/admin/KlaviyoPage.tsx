// /settings/integration/klaviyo: connect with a private API key (verified by the server against
// Klaviyo before it is saved, never read back), disconnect, and what is sent once connected.
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { IntegrationPanel } from '@plaudit/kernel/admin';
import { METRICS } from '../shared/klaviyo';

export default function KlaviyoPage() {
  const translate = useTranslate();
  return (
    <IntegrationPanel
      app="klaviyo"
      label="Klaviyo"
      description={translate('integration-klaviyo:page.description')}
      fields={[
        {
          name: 'privateKey',
          label: translate('integration-klaviyo:page.private_key'),
          secret: true,
          helper: translate('integration-klaviyo:page.private_key_helper'),
        },
      ]}
    >
      <Typography variant="body2">{translate('integration-klaviyo:page.sends', { metrics: Object.values(METRICS).join(', ') })}</Typography>
    </IntegrationPanel>
  );
}
