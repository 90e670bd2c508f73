// The imports plugin's activities: the import workflow's steps (activities/run.ts).
import type { ActivityDeps } from '@plaudit/kernel';
import type { ImportInput } from '../workflows/messages';
import { countRows, finishImport, runImport } from './run';

export function createActivities(deps: ActivityDeps) {
  return {
    importsCount: (input: ImportInput) => countRows(deps, input),
    importsRun: (input: ImportInput) => runImport(deps, input),
    importsFinish: (input: ImportInput, error: string | null) => finishImport(deps, input, error),
  };
}
