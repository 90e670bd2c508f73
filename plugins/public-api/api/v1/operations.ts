// Every operation of /api/public/v1, in the order the document lists them (a server without a
// plugin leaves out the operations that `require` its capability: router.ts).
import type { Operation } from './operation';
import { productGroupOperations } from './product-groups';
import { questionOperations } from './questions';
import { requestOperations } from './requests';
import { reviewOperations } from './reviews';
import { storefrontOperations } from './storefront';
import { topicOperations } from './topics';
import { webhookOperations } from './webhooks';

export const publicOperations: Operation[] = [
  ...reviewOperations,
  ...requestOperations,
  ...questionOperations,
  ...topicOperations,
  ...productGroupOperations,
  ...storefrontOperations,
  ...webhookOperations,
];
