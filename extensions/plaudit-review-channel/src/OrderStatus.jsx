// customer-account.order-status.block.render: the order of the page (shopify.order, the customer
// account Order API). Before the delivery, the channel choice; once delivered, "Rate your items" with
// the signed write page of each product (only for the order's signed-in customer: the app decides).
import '@shopify/ui-extensions/preact';
import {render} from 'preact';
import {t, useOrderState} from './api.js';
import {ChannelChoice} from './ChannelChoice.jsx';

export default async () => {
  render(<OrderStatus />, document.body);
};

function OrderStatus() {
  const orderId = shopify.order.value.id;
  const state = useOrderState(orderId);
  if (!state) return null;
  if (!state.delivered) return <ChannelChoice orderId={orderId} state={state} />;
  if (!state.items.length) return null;
  return (
    <s-stack gap="base">
      <s-heading>{t('rate.heading')}</s-heading>
      <s-text>{t('rate.text')}</s-text>
      <s-stack gap="small-200">
        {state.items.map((item) => (
          <s-link key={item.url} href={item.url} target="_blank">
            {t('rate.item', {title: item.title})}
          </s-link>
        ))}
      </s-stack>
    </s-stack>
  );
}
