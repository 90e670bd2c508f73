// The demo commands (`npm run plaudit -- demo:order ...`): thin calls to the running emulator's
// control API that return the lines to print. demo:order prints the new order's id alone last,
// so scripts can capture it; `--discount CODE` uses a discount code at checkout (refused as the
// checkout would refuse it: unknown, inactive, used up, or for another customer).

export interface DemoArgs {
  shop: string;
  country?: string;
  fulfill?: boolean;
  deliver?: boolean;
  order?: string;
  topic?: string;
  email?: string;
  discount?: string;
}

interface WebhookSummary {
  topic: string;
  id: string;
  copy: number;
  attempts: number;
  lastStatus: number | null;
  state: string;
}

export const DEMO_COMMANDS = ['demo:order', 'demo:fulfill', 'demo:deliver', 'demo:uninstall', 'demo:compliance'] as const;

async function call(emulatorUrl: string, path: string, body: object): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(`${emulatorUrl.replace(/\/+$/, '')}/_emulator${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new Error(`the store emulator at ${emulatorUrl} does not answer (${(err as Error).message}); is npm start running?`);
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`the store emulator refused: ${String(json.error ?? res.statusText)}`);
  return json;
}

function webhookLines(json: Record<string, unknown>): string[] {
  const hooks = (json.webhooks ?? []) as WebhookSummary[];
  if (!hooks.length) return ['no webhook sent (is the app installed on this shop?)'];
  return hooks.map(
    (w) => `webhook ${w.topic} ${w.id}: ${w.state}${w.lastStatus ? ` (HTTP ${w.lastStatus})` : ''}${w.state === 'pending' ? ', will retry' : ''}`,
  );
}

function requireOrder(args: DemoArgs): string {
  if (!args.order) throw new Error('--order <id> is required');
  return args.order;
}

export async function runDemoCommand(command: string, args: DemoArgs, emulatorUrl: string): Promise<string[]> {
  const wait = { wait: true };
  switch (command) {
    case 'demo:order': {
      const json = await call(emulatorUrl, '/orders', {
        shop: args.shop,
        country: args.country?.toUpperCase(),
        customerEmail: args.email,
        discountCode: args.discount,
        fulfill: args.fulfill,
        deliver: args.deliver,
        ...wait,
      });
      const order = json.order as { id: string; admin_graphql_api_id: string; name: string; discount_codes?: { code: string; amount: string }[] };
      const codes = (order.discount_codes ?? []).map((d) => ` with discount code ${d.code} (${d.amount} off)`).join('');
      return [`order ${order.name} (${order.admin_graphql_api_id}) created on ${args.shop}${codes}`, ...webhookLines(json), order.id];
    }
    case 'demo:fulfill':
    case 'demo:deliver': {
      const id = requireOrder(args);
      const json = await call(emulatorUrl, `/orders/${encodeURIComponent(id)}/${command === 'demo:fulfill' ? 'fulfill' : 'deliver'}`, wait);
      const order = json.order as { name: string };
      return [`order ${order.name} ${command === 'demo:fulfill' ? 'fulfilled' : 'delivered'}`, ...webhookLines(json)];
    }
    case 'demo:uninstall': {
      const json = await call(emulatorUrl, `/shops/${encodeURIComponent(args.shop)}/uninstall`, wait);
      return [`Plaudit uninstalled from ${args.shop}; its access tokens are revoked`, ...webhookLines(json)];
    }
    case 'demo:compliance': {
      const topic = (args.topic ?? '').replace('/', '-').replace('_', '-');
      if (!['customers-data-request', 'customers-redact', 'shop-redact'].includes(topic)) {
        throw new Error('--topic must be customers/data_request, customers/redact or shop/redact');
      }
      const json = await call(emulatorUrl, `/shops/${encodeURIComponent(args.shop)}/compliance/${topic}`, { customerEmail: args.email, ...wait });
      return [`compliance request ${args.topic} sent for ${args.shop}${args.email ? ` (${args.email})` : ''}`, ...webhookLines(json)];
    }
    default:
      throw new Error(`unknown command ${command}; demo commands: ${DEMO_COMMANDS.join(', ')}`);
  }
}
