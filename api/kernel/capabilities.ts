// Capabilities: named services one plugin provides and others use, resolved the same way in the
// API and the worker. The provider declares `provides: { 'reviews.feed': (services) => feed }` in
// its plugin.ts; a user declares `needs: { 'reviews.feed': 'optional' }` and asks
// `capabilities.get<ReviewFeed>('reviews.feed')` with the interface it relies on, written in its
// own code: plugins never import each other, so the contract is checked where it is used (and by
// that plugin's tests against the real provider).
import type { PluginManifest } from './manifest';
import type { KernelServices } from './services';

export class MissingCapabilityError extends Error {}

export class Capabilities {
  private readonly providers = new Map<string, { plugin: string; make: (s: KernelServices) => unknown }>();
  private readonly made = new Map<string, unknown>();
  private services?: KernelServices;
  /** one line per optional capability that no installed plugin provides: its user runs degraded */
  readonly degraded: string[] = [];

  /** Reads every manifest's provides and checks every needs; a required one missing stops start-up. */
  register(manifests: PluginManifest[]) {
    for (const m of manifests) {
      for (const [name, make] of Object.entries(m.provides ?? {})) {
        const other = this.providers.get(name);
        if (other) throw new Error(`Capability "${name}" is provided by both plugin "${other.plugin}" and plugin "${m.id}"`);
        this.providers.set(name, { plugin: m.id, make });
      }
    }
    for (const m of manifests) {
      for (const [name, need] of Object.entries(m.needs ?? {})) {
        if (this.providers.has(name)) continue;
        const usual = `it is usually provided by plugin "${name.split('.')[0]}"`;
        if (need === 'required') throw new MissingCapabilityError(`Plugin "${m.id}" requires capability "${name}", which no installed plugin provides (${usual})`);
        this.degraded.push(`Plugin "${m.id}" runs without capability "${name}", which no installed plugin provides (${usual})`);
      }
    }
  }

  bind(services: KernelServices) {
    this.services = services;
  }

  has(name: string): boolean {
    return this.providers.has(name);
  }

  /** The capability, or undefined when no plugin provides it (the caller degrades). */
  get<T>(name: string): T | undefined {
    const provider = this.providers.get(name);
    if (!provider) return undefined;
    if (!this.made.has(name)) {
      if (!this.services) throw new Error('Capabilities are used before the kernel services exist');
      this.made.set(name, provider.make(this.services));
    }
    return this.made.get(name) as T;
  }

  /** The capability; throws when missing (declare it `required` so start-up catches that instead). */
  require<T>(name: string): T {
    const found = this.get<T>(name);
    if (found === undefined) throw new MissingCapabilityError(`No installed plugin provides capability "${name}"`);
    return found;
  }
}
