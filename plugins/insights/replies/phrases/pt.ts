import type { Phrasebook } from './types';

// Brazilian Portuguese (the admin's pt-BR); no topics (the reader does not read Portuguese)
export const pt: Phrasebook = {
  hello: (tone, name) => (tone === 'professional' ? (name ? `Prezado(a) ${name},` : 'Prezado(a) cliente,') : name ? `Olá, ${name}!` : 'Olá!'),
  thanks: {
    warm: {
      praise: 'Muito obrigado pela sua avaliação tão carinhosa, ela fez o nosso dia!',
      mixed: 'Muito obrigado por dedicar um tempo para compartilhar sua opinião sincera.',
      complaint: 'Obrigado por nos contar o que aconteceu.',
    },
    professional: {
      praise: 'Agradecemos a sua avaliação e a sua confiança.',
      mixed: 'Agradecemos a sua avaliação e os seus comentários.',
      complaint: 'Agradecemos o seu retorno.',
    },
    brief: { praise: 'Obrigado pela avaliação!', mixed: 'Obrigado pelo retorno.', complaint: 'Obrigado por nos avisar.' },
  },
  sorry: {
    warm: 'Sentimos muito que a sua experiência não tenha sido a esperada.',
    professional: 'Lamentamos que a sua experiência não tenha atendido às suas expectativas.',
    brief: 'Sentimos muito.',
  },
  contact: (email) =>
    email
      ? `Escreva para ${email} para que possamos encontrar uma solução.`
      : 'Entre em contato com o nosso atendimento para que possamos encontrar uma solução.',
  closing: { warm: 'Esperamos vê-lo(a) novamente em breve!', professional: 'Esperamos ter a oportunidade de atendê-lo(a) novamente.', brief: '' },
  team: (shop) => `Equipe ${shop}`,
  space: ' ',
};
