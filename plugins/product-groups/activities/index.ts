// Worker side of the product groups: no activity of its own, the product webhooks that keep the rule
// groups in step (catalogue-hooks.ts).
import type { ActivityDeps, PlatformHooks } from '@plaudit/kernel';
import { catalogueHooks } from './catalogue-hooks';

export function createActivities(_deps: ActivityDeps) {
  return {};
}

export function createPlatformHooks(deps: ActivityDeps): PlatformHooks {
  return { webhooks: catalogueHooks(deps) };
}
