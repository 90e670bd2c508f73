import type { Phrasebook } from './types';

// "Lei" in every tone; no topics (the reader does not read Italian)
export const it: Phrasebook = {
  hello: (tone, name) => (tone === 'professional' ? (name ? `Gentile ${name},` : 'Gentile cliente,') : name ? `Buongiorno ${name},` : 'Buongiorno,'),
  thanks: {
    warm: {
      praise: 'Grazie di cuore per la sua bellissima recensione!',
      mixed: 'Grazie mille per aver condiviso la sua opinione sincera.',
      complaint: 'Grazie per averci scritto.',
    },
    professional: {
      praise: 'La ringraziamo per la sua recensione e per la fiducia.',
      mixed: 'La ringraziamo per la sua recensione e per i suoi commenti.',
      complaint: 'La ringraziamo per il suo riscontro.',
    },
    brief: { praise: 'Grazie per la recensione!', mixed: 'Grazie per il riscontro.', complaint: 'Grazie per la segnalazione.' },
  },
  sorry: {
    warm: "Ci dispiace davvero che la sua esperienza non sia stata all'altezza delle aspettative.",
    professional: 'Siamo spiacenti che la sua esperienza non abbia soddisfatto le sue aspettative.',
    brief: 'Ci dispiace molto.',
  },
  contact: (email) =>
    email ? `Ci scriva a ${email}, così potremo trovare una soluzione.` : 'Contatti il nostro servizio clienti, così potremo trovare una soluzione.',
  closing: { warm: 'Speriamo di rivederla presto!', professional: 'Speriamo di poterla servire di nuovo.', brief: '' },
  team: (shop) => `Il team di ${shop}`,
  space: ' ',
};
