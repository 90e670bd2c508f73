// Where the display settings live: the kernel settings namespace 'widgets' (one sparse document per
// shop, one key per saved widget; withDisplayDefaults fills the rest) and 'widgets.trials' (the trial
// window of each widget). Each widget is validated by its own schema when saved (settings-routes.ts);
// the document schema only keeps it an object, so parts this version does not know survive a save.
import type { Knex } from 'knex';
import { z } from 'zod';
import type { KernelServices } from '@plaudit/kernel';
import { withDisplayDefaults, type DisplaySettings } from '../shared/display-settings';

export const PLUGIN = 'widgets';
const document = z.record(z.string(), z.unknown());
const trialWindow = z.object({ startedAt: z.string(), endsAt: z.string() });
const trialWindows = z.record(z.string(), trialWindow);
export type TrialWindow = z.infer<typeof trialWindow>;

export function displayStore(settings: KernelServices['settings']) {
  return {
    display: settings.namespace(PLUGIN, document, {}),
    trials: settings.namespace(PLUGIN, trialWindows, {}, { key: 'trials' }),
  };
}

/** Saves of one shop's display documents wait for each other (read, merge, write). */
export async function lockDisplay(trx: Knex.Transaction, shopId: number) {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?), ?)', [PLUGIN, shopId]);
}

/** The shop's display settings with defaults, as the storefront and the worker render them. */
export async function displayOf(settings: KernelServices['settings'], shopId: number): Promise<DisplaySettings> {
  return withDisplayDefaults(await displayStore(settings).display.get(shopId));
}
