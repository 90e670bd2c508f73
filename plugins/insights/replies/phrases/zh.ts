import type { Phrasebook } from './types';

// Simplified Chinese (the admin's zh-CN); no topics (the reader does not read Chinese)
export const zh: Phrasebook = {
  hello: (_tone, name) => (name ? `${name}，您好：` : '您好：'),
  thanks: {
    warm: { praise: '非常感谢您的好评，让我们倍感温暖！', mixed: '非常感谢您抽出时间分享真实的感受。', complaint: '感谢您告诉我们您遇到的情况。' },
    professional: { praise: '感谢您的评价与信任。', mixed: '感谢您的评价与宝贵意见。', complaint: '感谢您的反馈。' },
    brief: { praise: '感谢您的评价！', mixed: '感谢您的反馈。', complaint: '感谢您告知我们。' },
  },
  sorry: { warm: '很抱歉这次的体验没有达到您的期望。', professional: '对于未能满足您的期望，我们深表歉意。', brief: '非常抱歉。' },
  contact: (email) => (email ? `请发送邮件至 ${email}，我们将尽快为您解决。` : '请联系我们的客服团队，我们将尽快为您解决。'),
  closing: { warm: '期待再次为您服务！', professional: '期待今后继续为您提供服务。', brief: '' },
  team: (shop) => `${shop} 团队`,
  space: '',
};
