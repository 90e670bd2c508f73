import { PromoPage } from '@plaudit/kernel/admin';

export default function ChatbotPage() {
  return <PromoPage prefix="ai-chatbot:page" features={['answers', 'reviews', 'handoff', 'languages']} href="https://apps.shopify.com/search?q=ai%20chatbot" />;
}
