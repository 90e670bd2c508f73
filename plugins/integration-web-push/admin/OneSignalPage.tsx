// /settings/integration/onesignal: connect the shop's OneSignal app with its App ID and an App API
// key; once connected, the push reminder (first 2 items of an order) goes out through OneSignal.
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { IntegrationPanel } from '@plaudit/kernel/admin';

export default function OneSignalPage() {
  const translate = useTranslate();
  return (
    <IntegrationPanel
      app="onesignal"
      label="OneSignal"
      description={translate('integration-web-push:page.description')}
      fields={[
        { name: 'appId', label: translate('integration-web-push:page.app_id'), helper: translate('integration-web-push:page.app_id_helper') },
        {
          name: 'restApiKey',
          label: translate('integration-web-push:page.rest_api_key'),
          secret: true,
          helper: translate('integration-web-push:page.rest_api_key_helper'),
        },
      ]}
    >
      <Typography>{translate('integration-web-push:page.connected_text')}</Typography>
    </IntegrationPanel>
  );
}
