/** Handles of our sister apps in the shop's installedApps list: their menu entries hide once installed. */
export const SISTER_APPS = {
  customerSurvey: 'plaudit-survey',
  rewards: 'plaudit-loyalty',
  chatbot: 'plaudit-chatty',
} as const;
