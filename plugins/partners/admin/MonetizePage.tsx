import { PromoPage } from '../../../admin/src/components/PromoPage';

export default function MonetizePage() {
  return <PromoPage prefix="partners:monetize" features={['affiliate', 'ugc', 'ads']} href="https://www.shopify.com/partners" />;
}
