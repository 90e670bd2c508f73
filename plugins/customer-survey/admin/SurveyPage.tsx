import { PromoPage } from '@plaudit/kernel/admin';

export default function SurveyPage() {
  return (
    <PromoPage
      prefix="customer-survey:page"
      features={['post_purchase', 'nps', 'attribution', 'export']}
      href="https://apps.shopify.com/search?q=post-purchase%20survey"
    />
  );
}
