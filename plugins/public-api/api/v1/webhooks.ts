// placeholder until written (issue 16): the webhook subscription operations
import type { Operation } from './operation';

export const webhookOperations: Operation[] = [];
