// Web push (issue 15, item 5) through OneSignal: the shop connects its OneSignal app (App ID and App
// API key), and the review-requests plugin's push reminder (the first 2 items of an order) goes to
// the customer's browsers through the PushGateway capability offered here (@plaudit/contracts/push). Removable by deleting
// this folder: review-requests then keeps its local outbox. README.md.
import { definePlugin, provide } from '@plaudit/kernel';
import { PushGateway } from '@plaudit/contracts/push';
import { pushGateway } from './shared/gateway';

export default definePlugin({
  id: 'integration-web-push',
  provides: [provide(PushGateway, pushGateway)],
});
