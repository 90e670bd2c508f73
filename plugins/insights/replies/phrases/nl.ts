import type { Phrasebook } from './types';

// "u" in every tone; no topics (the reader does not read Dutch)
export const nl: Phrasebook = {
  hello: (tone, name) => (tone === 'professional' ? (name ? `Beste ${name},` : 'Beste klant,') : name ? `Hallo ${name},` : 'Hallo,'),
  thanks: {
    warm: {
      praise: 'Heel erg bedankt voor uw mooie review, daar worden we blij van!',
      mixed: 'Hartelijk dank dat u de tijd nam om uw eerlijke mening te delen.',
      complaint: 'Bedankt dat u ons dit laat weten.',
    },
    professional: {
      praise: 'Hartelijk dank voor uw review en uw vertrouwen.',
      mixed: 'Hartelijk dank voor uw review en uw opmerkingen.',
      complaint: 'Hartelijk dank voor uw feedback.',
    },
    brief: { praise: 'Bedankt voor uw review!', mixed: 'Bedankt voor uw feedback.', complaint: 'Bedankt voor uw melding.' },
  },
  sorry: {
    warm: 'Het spijt ons echt dat uw ervaring niet was wat u ervan verwachtte.',
    professional: 'Wij betreuren het dat uw ervaring niet aan uw verwachtingen heeft voldaan.',
    brief: 'Dat spijt ons.',
  },
  contact: (email) =>
    email
      ? `Stuur ons een e-mail via ${email}, dan zoeken we samen naar een oplossing.`
      : 'Neem contact op met onze klantenservice, dan zoeken we samen naar een oplossing.',
  closing: { warm: 'We hopen u snel weer te zien!', professional: 'We hopen u binnenkort weer van dienst te mogen zijn.', brief: '' },
  team: (shop) => `Het team van ${shop}`,
  space: ' ',
};
