import { PromoPage, SISTER_APPS } from '@plaudit/kernel/admin';

/** The loyalty sister app: points for reviews; the button opens its app store listing. */
export default function RewardReviewsPage() {
  return <PromoPage prefix="reward-reviews:page" features={['points', 'photos', 'vip', 'redeem']} href={`https://apps.shopify.com/${SISTER_APPS.rewards}`} />;
}
