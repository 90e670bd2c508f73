// The onboarding steps (spec section 2, in its order) and how a merchant moves through them. The
// shop's quickstart map (PUT /api/shops?type=updateOnboarding) records each answered step: true
// when done, false when skipped; a step without an entry is still to do. Pure functions, used by
// the admin flow. The steps themselves are the plugin's contract (the dashboard lists them too).
import { QUICKSTART_STEPS, type QuickstartStep } from '@plaudit/contracts/onboarding';

export const STEPS = QUICKSTART_STEPS;

export type Step = QuickstartStep;
export type Progress = Record<string, boolean | undefined>;
export type StepStatus = 'done' | 'skipped' | 'todo';
export type Outcome = 'done' | 'skipped';

export function isStep(value: unknown): value is Step {
  return typeof value === 'string' && (STEPS as readonly string[]).includes(value);
}

export function stepStatus(progress: Progress, step: Step): StepStatus {
  const v = progress[step];
  return v === true ? 'done' : v === false ? 'skipped' : 'todo';
}

/** Where an interrupted flow resumes: the first step neither done nor skipped; null when none is left. */
export function resumeStep(progress: Progress): Step | null {
  return STEPS.find((s) => stepStatus(progress, s) === 'todo') ?? null;
}

/** The step a page shows for `?step=`: the one asked for when it is a step, else where to resume (the last step once all are answered). */
export function stepToShow(progress: Progress, requested?: string | null): Step {
  if (isStep(requested)) return requested;
  return resumeStep(progress) ?? STEPS[STEPS.length - 1];
}

/**
 * Leaving `step` with an outcome: the quickstart patch to save and the step to show next, the first
 * unanswered one after it (then from the start); `next` is null when every step is answered, which
 * finishes the setup.
 */
export function advance(progress: Progress, step: Step, outcome: Outcome): { patch: Record<string, boolean>; next: Step | null } {
  const patch = { [step]: outcome === 'done' };
  const after = { ...progress, ...patch };
  const i = STEPS.indexOf(step);
  const ordered = [...STEPS.slice(i + 1), ...STEPS.slice(0, i)];
  return { patch, next: ordered.find((s) => stepStatus(after, s) === 'todo') ?? null };
}

export function previousStep(step: Step): Step | null {
  const i = STEPS.indexOf(step);
  return i > 0 ? STEPS[i - 1] : null;
}

export function doneCount(progress: Progress): number {
  return STEPS.filter((s) => stepStatus(progress, s) === 'done').length;
}
