// A plugin's server manifest, plugins/<id>/plugin.ts, read by the API and the worker alike: what
// the kernel used to list by name. The kernel names no feature; it learns them here.
import type { z } from 'zod';
import type { CapabilityRef, EventRef } from '../../contracts/define';
import type { EmailTemplateDeclaration } from '../mail/templates';
import type { Tier } from '../plans';
import type { CapabilityNeed, Provision as ProvisionOf } from './capabilities';
import type { KernelServices } from './services';

export interface PluginManifest {
  /** must equal the plugin's folder name */
  id: string;
  /** plan features the plugin gates, by the lowest tier that has them: { reply: 'base' } */
  features?: Record<string, Exclude<Tier, 'free'>>;
  /**
   * Signed-link purposes the plugin issues and verifies, each with the schema of its payload
   * (readable field names): { write: z.object({ queueEntry: z.number(), orderId: z.string() }) }.
   * The purpose's full name is '<plugin>.<purpose>'.
   */
  links?: Record<string, z.ZodType<Record<string, unknown>>>;
  /** Shopify webhook topics its platform hooks handle ('orders/fulfilled') */
  webhookTopics?: string[];
  /** capabilities it offers other plugins, made from the kernel services of the process: `[provide(ReviewFeed, make)]` */
  provides?: Provision[];
  /** capabilities it uses: `[ReviewFeed]` degrades when missing, `[required(ReviewFeed)]` stops start-up */
  needs?: CapabilityNeed[];
  /** durable events its worker side handles (activities/index.ts `createEventHandlers`): `[ReviewCreated]` */
  listens?: EventRef<any>[];
  /**
   * Merchant-editable emails, by key: the kernel stores the shop's edits and renders them
   * (`mail.templates.render(shopId, '<plugin>.<key>', model, lang)`); default texts per language come
   * from the plugin's locales, `email_templates.<key>.subject|content|button_text|deny_button_text`.
   */
  emailTemplates?: Record<string, EmailTemplateDeclaration>;
}

/** A capability a plugin offers: made once per process from its kernel services. */
export type Provision = ProvisionOf<KernelServices>;
export type { CapabilityNeed };

/** `provides: [provide(ReviewFeed, (services) => feed)]`: the factory must return the contract's type. */
export function provide<T>(ref: CapabilityRef<T>, make: (services: KernelServices) => T): Provision {
  return { ref: ref as CapabilityRef<unknown>, make };
}

export function definePlugin(manifest: PluginManifest): PluginManifest {
  return manifest;
}
