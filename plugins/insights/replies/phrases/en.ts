import type { Phrasebook } from './types';

export const en: Phrasebook = {
  hello: (tone, name) => (tone === 'professional' ? (name ? `Dear ${name},` : 'Hello,') : name ? `Hi ${name},` : 'Hi there,'),
  thanks: {
    warm: {
      praise: 'Thank you so much for your lovely review, it made our day!',
      mixed: 'Thank you so much for taking the time to share your honest feedback.',
      complaint: 'Thank you for taking the time to tell us about this.',
    },
    professional: {
      praise: 'Thank you for your review and for choosing us.',
      mixed: 'Thank you for your review and your candid feedback.',
      complaint: 'Thank you for your feedback.',
    },
    brief: { praise: 'Thanks for your review!', mixed: 'Thanks for your feedback.', complaint: 'Thanks for letting us know.' },
  },
  sorry: {
    warm: "We're really sorry your experience wasn't what you hoped for.",
    professional: 'We apologise that your experience did not meet your expectations.',
    brief: "We're sorry about this.",
  },
  contact: (email) =>
    email ? `Please write to us at ${email} so we can put this right.` : 'Please get in touch with our customer service so we can put this right.',
  closing: { warm: 'We hope to see you again soon!', professional: 'We look forward to serving you again.', brief: '' },
  team: (shop) => `The ${shop} team`,
  space: ' ',
  topics: {
    names: {
      quality: 'the quality',
      fit: 'the fit',
      comfort: 'the comfort',
      material: 'the material',
      smell: 'the scent',
      taste: 'the taste',
      value: 'the value for money',
      delivery: 'the delivery',
      packaging: 'the packaging',
      durability: 'the durability',
      look: 'the look',
      service: 'our service',
      battery: 'the battery',
      sound: 'the sound',
      usability: 'the ease of use',
    },
    liked: (topics) => `We're glad you're happy with ${topics}.`,
    sorryAbout: (topics) => `We're sorry to hear about the trouble with ${topics}.`,
  },
};
