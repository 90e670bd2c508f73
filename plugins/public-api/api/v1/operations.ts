// Every operation of /api/public/v1, in the order the document lists them.
import type { Operation } from './operation';
import { requestOperations } from './requests';
import { reviewOperations } from './reviews';
import { storefrontOperations } from './storefront';
import { webhookOperations } from './webhooks';

export const publicOperations: Operation[] = [...reviewOperations, ...requestOperations, ...storefrontOperations, ...webhookOperations];
