// Web push (issue 15, item 5) through OneSignal: the shop connects its OneSignal app (App ID and App
// API key), and the review-requests plugin's push reminder (the first 2 items of an order) goes to
// the customer's browsers through the `push.gateway` capability offered here. Removable by deleting
// this folder: review-requests then keeps its local outbox. README.md.
import { definePlugin } from '@plaudit/kernel';
import { pushGateway } from './shared/gateway';

export default definePlugin({
  id: 'integration-web-push',
  provides: { 'push.gateway': pushGateway },
});
