// /settings/integration/omnisend: the kernel's integration panel with Omnisend's one credential.
import { useTranslate } from 'react-admin';
import { IntegrationPanel } from '@plaudit/kernel/admin';

export default function OmnisendPage() {
  const translate = useTranslate();
  return (
    <IntegrationPanel
      app="omnisend"
      label="Omnisend"
      description={translate('integration-omnisend:page.description')}
      fields={[
        { name: 'apiKey', label: translate('integration-omnisend:fields.apiKey'), secret: true, helper: translate('integration-omnisend:fields.apiKeyHelper') },
      ]}
    />
  );
}
