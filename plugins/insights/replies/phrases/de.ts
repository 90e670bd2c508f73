import type { Phrasebook } from './types';

// "Sie" in every tone; the topics in the dative, as "mit ..." takes them
export const de: Phrasebook = {
  hello: (tone, name) => (tone === 'professional' ? (name ? `Guten Tag ${name},` : 'Guten Tag,') : name ? `Hallo ${name},` : 'Hallo,'),
  thanks: {
    warm: {
      praise: 'Herzlichen Dank für Ihre tolle Bewertung, darüber freuen wir uns sehr!',
      mixed: 'Vielen Dank, dass Sie sich die Zeit für Ihre ehrliche Rückmeldung genommen haben.',
      complaint: 'Danke, dass Sie uns davon berichten.',
    },
    professional: {
      praise: 'Vielen Dank für Ihre Bewertung und Ihr Vertrauen.',
      mixed: 'Vielen Dank für Ihre Bewertung und Ihre offene Rückmeldung.',
      complaint: 'Vielen Dank für Ihre Rückmeldung.',
    },
    brief: { praise: 'Danke für Ihre Bewertung!', mixed: 'Danke für Ihre Rückmeldung.', complaint: 'Danke für Ihren Hinweis.' },
  },
  sorry: {
    warm: 'Es tut uns wirklich leid, dass Ihre Erfahrung nicht Ihren Erwartungen entsprach.',
    professional: 'Wir bedauern, dass Ihre Erfahrung nicht Ihren Erwartungen entsprochen hat.',
    brief: 'Das tut uns leid.',
  },
  contact: (email) =>
    email
      ? `Bitte schreiben Sie uns an ${email}, damit wir eine Lösung für Sie finden können.`
      : 'Bitte wenden Sie sich an unseren Kundenservice, damit wir eine Lösung für Sie finden können.',
  closing: { warm: 'Wir freuen uns auf Ihren nächsten Besuch!', professional: 'Wir freuen uns, Sie bald wieder bei uns begrüßen zu dürfen.', brief: '' },
  team: (shop) => `Ihr Team von ${shop}`,
  space: ' ',
  topics: {
    names: {
      quality: 'der Qualität',
      fit: 'der Passform',
      comfort: 'dem Tragekomfort',
      material: 'dem Material',
      smell: 'dem Duft',
      taste: 'dem Geschmack',
      value: 'dem Preis-Leistungs-Verhältnis',
      delivery: 'der Lieferung',
      packaging: 'der Verpackung',
      durability: 'der Haltbarkeit',
      look: 'dem Aussehen',
      service: 'unserem Service',
      battery: 'dem Akku',
      sound: 'dem Klang',
      usability: 'der Bedienung',
    },
    liked: (topics) => `Es freut uns, dass Sie mit ${topics} zufrieden sind.`,
    sorryAbout: (topics) => `Es tut uns leid, dass Sie mit ${topics} nicht zufrieden waren.`,
  },
};
