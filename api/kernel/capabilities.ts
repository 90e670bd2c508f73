// Capabilities: typed services one plugin provides and others use, resolved the same way in the
// API and the worker. The reference lives in contracts/<provider>.ts
// (`export const ReviewFeed = defineCapability<ReviewFeedApi>('<provider>.<name>')`); the provider
// declares `provides: [provide(ReviewFeed, (services) => feed)]` in its plugin.ts, a user declares
// `needs: [ReviewFeed]` (or `required(ReviewFeed)`) and asks `capabilities.get(ReviewFeed)`. Both
// sides import the one interface, so the compiler checks them against each other.
// The registry is generic in the services a factory takes (the kernel services, KernelServices), so
// this file needs neither the manifest nor the services: `provide` lives in manifest.ts.
import type { CapabilityRef } from '../../contracts/define';

export class MissingCapabilityError extends Error {}

/** A capability a plugin offers: made once per process from the services `S` (the kernel services). */
export interface Provision<S> {
  ref: CapabilityRef<unknown>;
  make(services: S): unknown;
}

/** A capability a plugin uses: the bare reference is optional, `{ required: ref }` is required. */
export type CapabilityNeed = CapabilityRef<unknown> | { required: CapabilityRef<unknown> };

/** What the registry reads of a plugin's manifest (PluginManifest has these fields). */
export interface CapabilityDeclarations<S> {
  id: string;
  provides?: Provision<S>[];
  needs?: CapabilityNeed[];
}

/** `needs: [required(ReviewFeed)]`: start-up stops when no installed plugin provides it. */
export function required<T>(ref: CapabilityRef<T>): CapabilityNeed {
  return { required: ref as CapabilityRef<unknown> };
}

function provisions<S>(m: CapabilityDeclarations<S>): [string, (s: S) => unknown][] {
  return (m.provides ?? []).map((p) => [p.ref.id, (s: S) => p.make(s)]);
}

function needs(m: Pick<CapabilityDeclarations<unknown>, 'needs'>): [string, 'required' | 'optional'][] {
  return (m.needs ?? []).map((n) => ('required' in n ? [n.required.id, 'required'] : [n.id, 'optional']));
}

/** `S`: what factories take, KernelServices in the kernel; a bare `Capabilities` (as plugins name it) takes any. */
export class Capabilities<S = any> {
  private readonly providers = new Map<string, { plugin: string; make: (s: S) => unknown }>();
  private readonly made = new Map<string, unknown>();
  private services?: S;
  /** one line per optional capability that no installed plugin provides: its user runs degraded */
  readonly degraded: string[] = [];

  /** Reads every manifest's provides and checks every needs; a required one missing stops start-up. */
  register(manifests: CapabilityDeclarations<S>[]) {
    for (const m of manifests) {
      for (const [id, make] of provisions(m)) {
        const other = this.providers.get(id);
        if (other) throw new Error(`Capability "${id}" is provided by both plugin "${other.plugin}" and plugin "${m.id}"`);
        this.providers.set(id, { plugin: m.id, make });
      }
    }
    for (const m of manifests) {
      for (const [id, need] of needs(m)) {
        if (this.providers.has(id)) continue;
        const usual = `it is usually provided by plugin "${id.split('.')[0]}"`;
        if (need === 'required')
          throw new MissingCapabilityError(`Plugin "${m.id}" requires capability "${id}", which no installed plugin provides (${usual})`);
        this.degraded.push(`Plugin "${m.id}" runs without capability "${id}", which no installed plugin provides (${usual})`);
      }
    }
  }

  bind(services: S) {
    this.services = services;
  }

  has(ref: CapabilityRef<unknown>): boolean {
    return this.providers.has(ref.id);
  }

  /** The capability, or undefined when no plugin provides it (the caller degrades). */
  get<T>(ref: CapabilityRef<T>): T | undefined {
    const { id } = ref;
    const provider = this.providers.get(id);
    if (!provider) return undefined;
    if (!this.made.has(id)) {
      if (!this.services) throw new Error('Capabilities are used before the kernel services exist');
      this.made.set(id, provider.make(this.services));
    }
    return this.made.get(id) as T;
  }

  /** The capability; throws when missing (declare it `required` so start-up catches that instead). */
  require<T>(ref: CapabilityRef<T>): T {
    const found = this.get(ref);
    if (found === undefined) throw new MissingCapabilityError(`No installed plugin provides capability "${ref.id}"`);
    return found;
  }
}
