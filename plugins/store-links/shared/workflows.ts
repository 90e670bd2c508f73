// The reference every start of the plugin's workflow goes through (tests/unit/workflow-references.test.ts).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { storeLinkSync } from '../workflows';

export const StoreLinkSync = defineWorkflow<typeof storeLinkSync>('storeLinkSync');
