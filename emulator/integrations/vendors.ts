// Every vendor the emulator speaks (one module each, added by its integration plugin's work).
import type { Vendor } from './types';
import { omnisend } from './omnisend';
import { klaviyo } from './klaviyo';
import { smile } from './smile';
import { onesignal } from './onesignal';
import { deepl } from './deepl';
import { googleTranslate } from './google-translate';
import { instagram } from './instagram';
import { openai } from './openai';
import { anthropic } from './anthropic';
import { twilio } from './twilio';
import { whatsappCloud } from './whatsapp-cloud';
import { googleMerchant } from './google-merchant';

/** Fresh vendor states (each emulator instance its own). */
export const VENDORS = (): Vendor[] => [
  klaviyo(),
  omnisend(),
  smile(),
  onesignal(),
  deepl(),
  googleTranslate(),
  instagram(),
  openai(),
  anthropic(),
  twilio(),
  whatsappCloud(),
  googleMerchant(),
];
