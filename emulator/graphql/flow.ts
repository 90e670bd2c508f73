// Shopify Flow as the emulated Shopify runs it for the app: `flowTriggerReceive` (Admin GraphQL)
// records the triggers the app fires, and `runFlowAction` is Flow running one of the app's actions
// (a POST to the action's runtime URL, signed with the app's secret). The app's Flow extensions are
// read from extensions/*/shopify.extension.toml, as `shopify app deploy` registers them.
//   https://shopify.dev/docs/api/admin-graphql/latest/mutations/flowTriggerReceive
//   https://shopify.dev/docs/apps/build/flow/triggers/reference (handle rules, payload limit)
//   https://shopify.dev/docs/apps/build/flow/actions/endpoints (the action request, its HMAC)
//   https://shopify.dev/docs/apps/build/flow/track-lifecycle-events (the trigger lifecycle callback)
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { EmulatorContext } from '../context';
import type { EmulatorStore } from '../store';
import type { ShopRecord } from '../types';
import type { GqlContext } from './views-store';

export const FLOW_SDL = `
type FlowTriggerReceivePayload { userErrors: [UserError!]! }
extend type Mutation {
  flowTriggerReceive(handle: String, payload: JSON, body: String): FlowTriggerReceivePayload
}
`;

/** Flow refuses a trigger payload of 50 KB or more (https://shopify.dev/docs/apps/build/flow/triggers/reference). */
export const FLOW_PAYLOAD_LIMIT = 50_000;
const HANDLE = /^[a-z0-9-]{1,30}$/i;

export interface FlowTriggerRecord {
  handle: string;
  payload: Record<string, unknown>;
  receivedAt: string;
}

const EXTENSIONS_DIR = path.resolve(__dirname, '../../extensions');

/** The app's Flow extensions by type: handle -> runtime_url (actions) or '' (triggers). */
export function declaredFlowExtensions(dir = EXTENSIONS_DIR): { triggers: Set<string>; actions: Map<string, string>; lifecycleUrl?: string } {
  const triggers = new Set<string>();
  const actions = new Map<string, string>();
  let lifecycleUrl: string | undefined;
  let folders: string[] = [];
  try {
    folders = fs.readdirSync(dir);
  } catch {
    return { triggers, actions };
  }
  for (const folder of folders) {
    let toml: string;
    try {
      toml = fs.readFileSync(path.join(dir, folder, 'shopify.extension.toml'), 'utf8');
    } catch {
      continue;
    }
    // each [[extensions]] block: its type, handle and runtime_url (top-level string keys only)
    for (const block of toml.split(/^\[\[extensions\]\]\s*$/m).slice(1)) {
      const head = block.split(/^\[(?!\[extensions\])/m)[0];
      const value = (key: string) => new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, 'm').exec(head)?.[1];
      if (value('type') === 'flow_trigger_lifecycle_callback') lifecycleUrl = value('url');
      const handle = value('handle');
      if (!handle) continue;
      if (value('type') === 'flow_trigger') triggers.add(handle);
      if (value('type') === 'flow_action') actions.set(handle, value('runtime_url') ?? '');
    }
  }
  return { triggers, actions, lifecycleUrl };
}

// Received triggers, per store and shop (kept in memory: a restart forgets them, as it does pending webhooks).
const received = new WeakMap<EmulatorStore, Map<string, FlowTriggerRecord[]>>();

export function flowTriggersOf(store: EmulatorStore, domain: string): FlowTriggerRecord[] {
  let byShop = received.get(store);
  if (!byShop) received.set(store, (byShop = new Map()));
  let list = byShop.get(domain);
  if (!list) byShop.set(domain, (list = []));
  return list;
}

type UserError = { field: string[] | null; message: string };

export function flowMutations(c: GqlContext) {
  return {
    flowTriggerReceive: ({ handle, payload, body }: { handle?: string | null; payload?: unknown; body?: string | null }) => {
      const userErrors: UserError[] = [];
      // the deprecated `body` argument: a JSON string { trigger_title, resources, properties }; not supported here
      if (body != null) userErrors.push({ field: ['body'], message: 'The body argument is deprecated; send handle and payload' });
      if (!handle) userErrors.push({ field: ['handle'], message: 'Handle is required' });
      else if (!HANDLE.test(handle)) userErrors.push({ field: ['handle'], message: `Invalid handle '${handle}'` });
      else {
        const declared = declaredFlowExtensions().triggers;
        if (declared.size && !declared.has(handle))
          userErrors.push({ field: ['handle'], message: `Could not find a trigger extension with handle '${handle}' for this app` });
      }
      if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
        userErrors.push({ field: ['payload'], message: 'Payload must be a JSON object' });
      else if (Buffer.byteLength(JSON.stringify(payload)) >= FLOW_PAYLOAD_LIMIT) {
        userErrors.push({ field: ['payload'], message: `Payload is too large: the limit is ${FLOW_PAYLOAD_LIMIT / 1000} KB` });
      }
      if (!userErrors.length) {
        flowTriggersOf(c.em.store, c.shop.domain).push({ handle: handle!, payload: payload as Record<string, unknown>, receivedAt: new Date().toISOString() });
      }
      return { userErrors };
    },
  };
}

/** Flow's request to an action's runtime URL (the app's `${appUrl}/flow/actions/<handle>`), as Flow signs it. */
export async function runFlowAction(
  em: EmulatorContext,
  shop: ShopRecord,
  handle: string,
  o: { properties: Record<string, unknown>; actionRunId?: string },
): Promise<{ actionRunId: string; url: string; status: number; body: unknown }> {
  const actionRunId = o.actionRunId ?? randomUUID();
  const url = `${em.appUrl}/flow/actions/${handle}`;
  const raw = JSON.stringify({
    shop_id: shop.id,
    shopify_domain: shop.domain,
    action_run_id: actionRunId,
    action_definition_id: handle,
    handle,
    properties: o.properties,
  });
  return { actionRunId, url, ...(await postSigned(em, url, raw)) };
}

/** Flow's POST to the app: the raw JSON body signed with the app's secret; the app's answer, parsed when JSON. */
async function postSigned(em: EmulatorContext, url: string, raw: string): Promise<{ status: number; body: unknown }> {
  const hmac = createHmac('sha256', em.apiSecret).update(raw, 'utf8').digest('base64');
  // Flow waits 10 s for an answer before it gives up and retries later
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-hmac-sha256': hmac },
    body: raw,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: kept as text */
  }
  return { status: res.status, body };
}

/**
 * Flow's trigger lifecycle callback: a merchant enabled (or disabled) a workflow that starts with the
 * app's trigger. POSTed, signed like the actions, to the path of the app's
 * `flow_trigger_lifecycle_callback` URL on the app's host; the trigger is named by its handle.
 */
export async function sendFlowLifecycle(
  em: EmulatorContext,
  shop: ShopRecord,
  o: { trigger: string; enabled: boolean; timestamp?: string },
): Promise<{ url: string; status: number; body: unknown }> {
  const declared = declaredFlowExtensions().lifecycleUrl;
  const url = `${em.appUrl}${declared ? new URL(declared).pathname : '/flow/lifecycle'}`;
  const raw = JSON.stringify({
    flow_trigger_definition_id: o.trigger,
    has_enabled_flow: o.enabled,
    shop_id: shop.id,
    shopify_domain: shop.domain,
    timestamp: o.timestamp ?? new Date().toISOString(),
  });
  return { url, ...(await postSigned(em, url, raw)) };
}
