import type { Phrasebook } from './types';

// polite form in every tone; no topics (the reader does not read Korean)
export const ko: Phrasebook = {
  hello: (_tone, name) => (name ? `${name}님, 안녕하세요.` : '고객님, 안녕하세요.'),
  thanks: {
    warm: {
      praise: '정성스러운 리뷰를 남겨 주셔서 진심으로 감사드립니다!',
      mixed: '솔직한 의견을 나눠 주셔서 정말 감사합니다.',
      complaint: '불편하셨던 점을 알려 주셔서 감사합니다.',
    },
    professional: { praise: '소중한 리뷰와 신뢰에 감사드립니다.', mixed: '소중한 리뷰와 의견에 감사드립니다.', complaint: '소중한 의견에 감사드립니다.' },
    brief: { praise: '리뷰 감사합니다!', mixed: '의견 감사합니다.', complaint: '알려 주셔서 감사합니다.' },
  },
  sorry: { warm: '기대에 미치지 못해 정말 죄송합니다.', professional: '기대에 부응하지 못한 점 진심으로 사과드립니다.', brief: '죄송합니다.' },
  contact: (email) => (email ? `${email}(으)로 연락해 주시면 해결할 수 있도록 돕겠습니다.` : '고객센터로 연락해 주시면 해결할 수 있도록 돕겠습니다.'),
  closing: { warm: '다음에 또 뵙기를 바랍니다!', professional: '앞으로도 더 나은 서비스로 보답하겠습니다.', brief: '' },
  team: (shop) => `${shop} 팀 드림`,
  space: ' ',
};
