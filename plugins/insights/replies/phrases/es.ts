import type { Phrasebook } from './types';

// "usted" in every tone; the topics with their article, as "sobre ..." and "con ..." take them
export const es: Phrasebook = {
  hello: (tone, name) => (tone === 'warm' ? (name ? `¡Hola, ${name}!` : '¡Hola!') : name ? `Hola, ${name}:` : 'Hola:'),
  thanks: {
    warm: {
      praise: '¡Muchísimas gracias por su preciosa reseña, nos ha alegrado el día!',
      mixed: 'Muchas gracias por tomarse el tiempo de compartir su opinión sincera.',
      complaint: 'Gracias por tomarse el tiempo de contarnos lo sucedido.',
    },
    professional: {
      praise: 'Le agradecemos su reseña y su confianza.',
      mixed: 'Le agradecemos su reseña y sus comentarios.',
      complaint: 'Le agradecemos sus comentarios.',
    },
    brief: { praise: '¡Gracias por su reseña!', mixed: 'Gracias por sus comentarios.', complaint: 'Gracias por avisarnos.' },
  },
  sorry: {
    warm: 'Sentimos de verdad que su experiencia no haya sido la que esperaba.',
    professional: 'Lamentamos que su experiencia no haya estado a la altura de sus expectativas.',
    brief: 'Lo sentimos mucho.',
  },
  contact: (email) =>
    email
      ? `Escríbanos a ${email} para que podamos encontrar una solución.`
      : 'Póngase en contacto con nuestro servicio de atención al cliente para que podamos encontrar una solución.',
  closing: { warm: '¡Esperamos verle pronto de nuevo!', professional: 'Esperamos tener el placer de atenderle de nuevo.', brief: '' },
  team: (shop) => `El equipo de ${shop}`,
  space: ' ',
  topics: {
    names: {
      quality: 'la calidad',
      fit: 'la talla',
      comfort: 'la comodidad',
      material: 'el material',
      smell: 'el aroma',
      taste: 'el sabor',
      value: 'la relación calidad-precio',
      delivery: 'la entrega',
      packaging: 'el embalaje',
      durability: 'la durabilidad',
      look: 'el aspecto',
      service: 'nuestro servicio',
      battery: 'la batería',
      sound: 'el sonido',
      usability: 'la facilidad de uso',
    },
    liked: (topics) => `Nos alegra leer sus elogios sobre ${topics}.`,
    sorryAbout: (topics) => `Lamentamos mucho las molestias con ${topics}.`,
  },
};
