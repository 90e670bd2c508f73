// Text messages (issue 32): review requests by SMS and WhatsApp through the shop's providers, Twilio
// (SMS and WhatsApp) and Meta's WhatsApp Cloud API (approved templates), behind one interface; the
// customers' STOP replies, Shopify's SMS marketing consent and quiet hours in the customer's local
// time are honoured here. The review-requests plugin uses it through the Messaging capability and
// learns the delivery receipts from MessageStatusChanged. Removable: requests then go by email. README.md.
// The merchant connects the providers and sets the quiet hours at /settings/integration/messaging
// (admin/index.tsx, a card in Settings > Integrations).
import { definePlugin, provide } from '@plaudit/kernel';
import { Messaging, MessagingAnalytics } from '@plaudit/contracts/messaging';
import { messagesAnalytics } from './db/analytics';
import { messaging } from './shared/service';

export default definePlugin({
  id: 'messaging',
  provides: [provide(Messaging, messaging), provide(MessagingAnalytics, ({ knex }) => messagesAnalytics(knex))],
});
