// /settings/integration/smile: connect Smile.io with an API key and the "Write a review" activity
// type's token; once connected, what earns points (published reviews, any rating, once each).
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { IntegrationPanel } from '@plaudit/kernel/admin';

export default function SmilePage() {
  const translate = useTranslate();
  return (
    <IntegrationPanel
      app="smile"
      label="Smile.io"
      description={translate('integration-smile:page.description')}
      fields={[
        {
          name: 'privateKey',
          label: translate('integration-smile:page.private_key'),
          secret: true,
          helper: translate('integration-smile:page.private_key_helper'),
        },
        { name: 'activityToken', label: translate('integration-smile:page.activity_token'), helper: translate('integration-smile:page.activity_token_helper') },
      ]}
    >
      <Typography>{translate('integration-smile:page.connected_text')}</Typography>
    </IntegrationPanel>
  );
}
