import { PromoPage } from '@plaudit/kernel/admin';

export default function MonetizePage() {
  return <PromoPage prefix="partners:monetize" features={['affiliate', 'ugc', 'ads']} href="https://www.shopify.com/partners" />;
}
