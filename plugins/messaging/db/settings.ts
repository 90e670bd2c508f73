// The shop's messaging settings (kernel settings namespace 'messaging'): the quiet hours in the
// customer's local time (null: none). Read by every send, so a change applies to waiting requests.
import { z } from 'zod';
import type { SettingsStore } from '@plaudit/kernel';
import { CLOCK, DEFAULT_QUIET_HOURS, type QuietHours } from '../shared/quiet-hours';

export interface MessagingSettings {
  quietHours: QuietHours | null;
}

const clock = z.string().regex(CLOCK, 'A time such as 21:00');
export const messagingSettings = z.object({ quietHours: z.object({ start: clock, end: clock }).strict().nullable() }).strict();

export const messagingSettingsOf = (settings: SettingsStore) =>
  settings.namespace('messaging', messagingSettings as z.ZodType<MessagingSettings>, { quietHours: DEFAULT_QUIET_HOURS });
