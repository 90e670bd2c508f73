import type { Outcome } from '../shared/steps';

export interface StepProps {
  /** records the step (done by default) and moves on; `finish: false` leaves setupDone to billing */
  complete: (outcome?: Outcome, options?: { finish?: boolean }) => Promise<boolean>;
}
