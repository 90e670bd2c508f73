// /settings/integration/messaging: review requests by SMS and WhatsApp. The providers (Twilio for both,
// Meta's WhatsApp Cloud API for WhatsApp) with the webhook each console needs, the quiet hours, and the
// rules a sender must follow per country (README.md "Per-country sender rules": Plaudit does not check
// them, the merchant arranges them with the provider). The channel order is a request setting.
import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { useShop } from '@plaudit/kernel/admin';
import { CopyField } from './CopyField';
import { ProviderCard } from './ProviderCard';
import { QuietHoursCard } from './QuietHoursCard';

const TWILIO_FIELDS = [
  { name: 'accountSid' },
  { name: 'authToken', secret: true },
  { name: 'smsFrom', optional: true },
  { name: 'whatsappFrom', optional: true },
  { name: 'whatsappContentSid', optional: true },
];
const WHATSAPP_FIELDS = [
  { name: 'phoneNumberId' },
  { name: 'accessToken', secret: true },
  { name: 'appSecret', secret: true },
  { name: 'verifyToken', secret: true },
  { name: 'templateName' },
];
const RULES = ['us', 'eu', 'fr', 'in', 'whatsapp'] as const;

/** The provider webhooks are the API's public routes; the admin is served from the same origin (APP_URL). */
const webhook = (path: string) => `${window.location.origin}${path}`;

export default function MessagingPage() {
  const translate = useTranslate();
  const { data: shop } = useShop();
  const domain = shop?.shopifyDomain ?? '';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 800, display: 'grid', gap: 2 }}>
      <Title title={translate('messaging:page.title')} />
      <Typography variant="h5" component="h1">
        {translate('messaging:page.title')}
      </Typography>
      <Typography>
        {translate('messaging:page.intro')}{' '}
        <Link component={RouterLink} to="/collect-reviews/setting-request">
          {translate('messaging:page.channel_order')}
        </Link>
      </Typography>
      <ProviderCard app="twilio" prefix="twilio" label="Twilio" fields={TWILIO_FIELDS}>
        <CopyField
          label={translate('messaging:twilio.inbound')}
          value={webhook(`/messaging/twilio/inbound/${domain}`)}
          helper={translate('messaging:twilio.inbound_help')}
        />
      </ProviderCard>
      <ProviderCard app="whatsapp-cloud" prefix="whatsapp" label="WhatsApp Cloud API" fields={WHATSAPP_FIELDS}>
        <CopyField
          label={translate('messaging:whatsapp.callback')}
          value={webhook(`/messaging/whatsapp-cloud/status/${domain}`)}
          helper={translate('messaging:whatsapp.callback_help')}
        />
      </ProviderCard>
      <QuietHoursCard />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('messaging:rules.title')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('messaging:rules.intro')}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ pl: 2.5, my: 0 }}>
            {RULES.map((rule) => (
              <Typography key={rule} component="li" variant="body2">
                {translate(`messaging:rules.${rule}`)}
              </Typography>
            ))}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
