// purchase.thank-you.block.render: the order just placed (shopify.orderConfirmation, the Order API of
// the Thank you page: https://shopify.dev/docs/api/checkout-ui-extensions/latest/target-apis/checkout-apis/order-api).
import '@shopify/ui-extensions/preact';
import {render} from 'preact';
import {useOrderState} from './api.js';
import {ChannelChoice} from './ChannelChoice.jsx';

export default async () => {
  render(<ThankYou />, document.body);
};

function ThankYou() {
  const orderId = shopify.orderConfirmation.value.order.id;
  const state = useOrderState(orderId);
  return state ? <ChannelChoice orderId={orderId} state={state} /> : null;
}
