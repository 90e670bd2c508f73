// The custom search attributes that make every review request findable in the Temporal UI.
// Registered at start-up (dev server and real clusters alike). Sandbox-safe (only @temporalio/common):
// workflow code takes them through @plaudit/kernel/workflow (workflows/sandbox.ts).
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

export const ShopDomain = defineSearchAttributeKey('ShopDomain', SearchAttributeType.KEYWORD);
export const OrderName = defineSearchAttributeKey('OrderName', SearchAttributeType.KEYWORD);
export const RequestStatus = defineSearchAttributeKey('RequestStatus', SearchAttributeType.KEYWORD);
export const SendAt = defineSearchAttributeKey('SendAt', SearchAttributeType.DATETIME);

export const SEARCH_ATTRIBUTES = [ShopDomain, OrderName, RequestStatus, SendAt];
