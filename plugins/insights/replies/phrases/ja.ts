import type { Phrasebook } from './types';

// polite form in every tone; no topics (the reader does not read Japanese)
export const ja: Phrasebook = {
  hello: (_tone, name) => (name ? `${name}様` : 'お客様'),
  thanks: {
    warm: {
      praise: '素敵なレビューをお寄せいただき、誠にありがとうございます。スタッフ一同とても嬉しく思っております。',
      mixed: '率直なご意見をお寄せいただき、誠にありがとうございます。',
      complaint: '貴重なご意見をお聞かせいただき、ありがとうございます。',
    },
    professional: {
      praise: 'この度はレビューをご投稿いただき、誠にありがとうございます。',
      mixed: 'この度はレビューとご意見をお寄せいただき、誠にありがとうございます。',
      complaint: 'この度は貴重なご意見をいただき、誠にありがとうございます。',
    },
    brief: { praise: 'レビューありがとうございます。', mixed: 'ご意見ありがとうございます。', complaint: 'ご連絡ありがとうございます。' },
  },
  sorry: {
    warm: 'ご期待に沿えず、大変申し訳ございません。',
    professional: 'ご期待に沿うことができず、誠に申し訳ございません。',
    brief: '申し訳ございません。',
  },
  contact: (email) =>
    email
      ? `お手数ですが、${email} までご連絡ください。解決に向けて対応いたします。`
      : 'お手数ですが、カスタマーサービスまでご連絡ください。解決に向けて対応いたします。',
  closing: { warm: 'またのご利用を心よりお待ちしております。', professional: '今後ともどうぞよろしくお願い申し上げます。', brief: '' },
  team: (shop) => `${shop} スタッフ一同`,
  space: '',
};
