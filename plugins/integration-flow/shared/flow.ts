// What the Flow plugin's sides share: the triggers and actions it declares in extensions/flow-*
// (their handles are the contract with Shopify Flow) and the trigger workflow's input; the events it
// listens to and the capabilities it uses are the contracts'.

/** Trigger handles (extensions/flow-<...>/shopify.extension.toml `handle`). */
export const TRIGGERS = ['review-created', 'review-published', 'negative-review-received', 'review-request-sent', 'customer-reviewed'] as const;
export type TriggerHandle = (typeof TRIGGERS)[number];

/** Each trigger's `name` in its TOML. */
export const TRIGGER_NAMES: Record<TriggerHandle, string> = {
  'review-created': 'Review created',
  'review-published': 'Review published',
  'negative-review-received': 'Negative review received',
  'review-request-sent': 'Review request sent',
  'customer-reviewed': 'Customer reviewed',
};

/**
 * The trigger a lifecycle callback's `flow_trigger_definition_id` names. Flow's documentation gives a
 * trigger's title as the example ("Add row to spreadsheet"), so the title is matched as well as the handle.
 */
export function triggerOfDefinition(id: string): TriggerHandle | undefined {
  const wanted = id.trim().toLowerCase();
  return TRIGGERS.find((t) => t === wanted || TRIGGER_NAMES[t].toLowerCase() === wanted);
}

/** One trigger's use as Flow last reported it; absent before Flow reported anything for it. */
export interface TriggerUsageView {
  hasEnabledFlow: boolean;
  reportedAt: string;
}

/** Action handles; Flow POSTs each to `${appUrl}/flow/actions/<handle>` (the extension's runtime_url). */
export const ACTIONS = ['send-review-request', 'publish-review', 'reply-to-review'] as const;
export type ActionHandle = (typeof ACTIONS)[number];

/** Flow refuses a trigger payload of 50 KB or more; review texts are cut to stay well under it. */
export const PAYLOAD_LIMIT_BYTES = 50_000;
export const CONTENT_MAX_CHARS = 10_000;

/** One trigger to fire: the event's facts are read when it is sent. */
export type TriggerInput = { shopId: number; shopDomain: string } & (
  | { trigger: 'review-created' | 'review-published' | 'negative-review-received'; reviewId: number }
  | { trigger: 'review-request-sent'; requestId: number; orderId: string; orderName: string | null; reminder: number; products: number }
  | { trigger: 'customer-reviewed'; requestId: number; orderId: string; orderName: string | null }
);

export const triggerWorkflowId = (shopDomain: string, trigger: TriggerHandle, key: string | number) => `flow:${shopDomain}:${trigger}:${key}`;

/** A numeric Shopify id from a gid or a number-like string; undefined when it is neither. */
export function numericId(id: string | number | null | undefined): string | undefined {
  if (id === null || id === undefined) return undefined;
  const m = /^(?:gid:\/\/shopify\/[A-Za-z]+\/)?(\d{1,20})$/.exec(String(id).trim());
  return m?.[1];
}
