// References to this plugin's workflows, for its own starts and schedules (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { widgetsSnapshotSync } from '../workflows';

export const WidgetsSnapshotSync = defineWorkflow<typeof widgetsSnapshotSync>('widgetsSnapshotSync');
