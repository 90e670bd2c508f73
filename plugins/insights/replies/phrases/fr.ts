import type { Phrasebook } from './types';

// "vous" in every tone; the topics with their article, as "sur ..." and "concernant ..." take them
export const fr: Phrasebook = {
  hello: (_tone, name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  thanks: {
    warm: {
      praise: 'Merci infiniment pour votre adorable avis, il nous a fait très plaisir !',
      mixed: "Merci beaucoup d'avoir pris le temps de partager votre avis sincère.",
      complaint: "Merci d'avoir pris le temps de nous faire part de votre expérience.",
    },
    professional: {
      praise: 'Nous vous remercions pour votre avis et pour votre confiance.',
      mixed: 'Nous vous remercions pour votre avis et vos remarques.',
      complaint: 'Nous vous remercions pour votre retour.',
    },
    brief: { praise: 'Merci pour votre avis !', mixed: 'Merci pour votre retour.', complaint: 'Merci de nous avoir prévenus.' },
  },
  sorry: {
    warm: "Nous sommes vraiment désolés que votre expérience n'ait pas été à la hauteur de vos attentes.",
    professional: "Nous regrettons que votre expérience n'ait pas répondu à vos attentes.",
    brief: 'Nous en sommes désolés.',
  },
  contact: (email) =>
    email
      ? `N'hésitez pas à nous écrire à ${email} afin que nous puissions trouver une solution.`
      : "N'hésitez pas à contacter notre service client afin que nous puissions trouver une solution.",
  closing: { warm: 'Au plaisir de vous retrouver très bientôt !', professional: 'Nous espérons avoir le plaisir de vous servir à nouveau.', brief: '' },
  team: (shop) => `L'équipe ${shop}`,
  space: ' ',
  topics: {
    names: {
      quality: 'la qualité',
      fit: 'la coupe',
      comfort: 'le confort',
      material: 'la matière',
      smell: 'le parfum',
      taste: 'le goût',
      value: 'le rapport qualité-prix',
      delivery: 'la livraison',
      packaging: "l'emballage",
      durability: 'la solidité',
      look: "l'apparence",
      service: 'notre service',
      battery: 'la batterie',
      sound: 'le son',
      usability: "la facilité d'utilisation",
    },
    liked: (topics) => `Nous sommes heureux de lire vos compliments sur ${topics}.`,
    sorryAbout: (topics) => `Nous sommes sincèrement désolés pour le désagrément concernant ${topics}.`,
  },
};
