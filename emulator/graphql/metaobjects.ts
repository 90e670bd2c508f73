// Metaobjects as the Admin GraphQL API serves them, with the one standard definition the app
// uses: `product_review`, the standard product review metaobject of Shopify's review syndication
// program. An app enables the definition, then upserts one metaobject per review by handle and
// deletes it when the review leaves the storefront.
//   https://shopify.dev/docs/apps/build/metaobjects/standard-review-metaobject (the program, its fields)
//   https://shopify.dev/docs/apps/build/metaobjects/list-of-standard-definitions (Product Review, id 2, `product_review`)
//   https://shopify.dev/docs/api/admin-graphql/latest/mutations/standardMetaobjectDefinitionEnable (needs write_metaobject_definitions)
//   https://shopify.dev/docs/api/admin-graphql/latest/mutations/metaobjectUpsert (handle {type, handle}, fields overwrite by key)
//   https://shopify.dev/docs/api/admin-graphql/latest/mutations/metaobjectDelete
//   https://shopify.dev/docs/api/admin-graphql/latest/queries/metaobjects, .../metaobjectByHandle
// The docs list each field's name and type; the keys are those names in snake case, as apps read
// them (`field(key: "author_display_name")`). The Language field's type is not given on the list:
// taken as a single line of text (an ISO code). Every upsert and delete sends its metaobjects/*
// webhook (../metaobject-events.ts), as Shopify does for an app's own changes too.
import { gid, parseGid } from '../ids';
import { metaobjectDeleted, metaobjectSaved } from '../metaobject-events';
import { isoTime } from '../store';
import type { MetaobjectDefinitionRecord, MetaobjectRecord } from '../types';
import { paginate, type PageArgs } from './connection';
import { VALUE_CHECKS } from './mutations-store';
import { connection } from './sdl-store';
import { requireAccess, type GqlContext } from './views-store';

interface FieldDefinition {
  key: string;
  name: string;
  type: string;
  required?: boolean;
}

interface StandardTemplate {
  type: string;
  name: string;
  displayNameKey: string;
  fields: FieldDefinition[];
}

/** The standard definitions the emulator knows (the docs' list has one for apps: Product Review). */
export const STANDARD_DEFINITIONS: StandardTemplate[] = [
  {
    type: 'product_review',
    name: 'Product Review',
    displayNameKey: 'title',
    fields: [
      { key: 'rating', name: 'Rating', type: 'rating', required: true },
      { key: 'title', name: 'Title', type: 'single_line_text_field' },
      { key: 'body', name: 'Body', type: 'multi_line_text_field' },
      { key: 'submitted_at', name: 'Submitted At', type: 'date_time', required: true },
      { key: 'edited_at', name: 'Edited At', type: 'date_time' },
      { key: 'published_at', name: 'Published At', type: 'date_time' },
      { key: 'source', name: 'Source', type: 'single_line_text_field', required: true },
      { key: 'author', name: 'Author', type: 'customer_reference' },
      { key: 'author_display_name', name: 'Author display name', type: 'single_line_text_field' },
      { key: 'order', name: 'Order', type: 'order_reference' },
      { key: 'product', name: 'Product', type: 'product_reference' },
      { key: 'product_variant', name: 'Product Variant', type: 'variant_reference' },
      { key: 'merchant_reply', name: 'Merchant Reply', type: 'multi_line_text_field' },
      { key: 'merchant_replied_at', name: 'Merchant Replied At', type: 'date_time' },
      { key: 'media_urls', name: 'Media URLs', type: 'list.url' },
      { key: 'language', name: 'Language', type: 'single_line_text_field' },
    ],
  },
];

export const METAOBJECTS_SDL = `
enum MetaobjectUserErrorCode {
  BLANK DUPLICATE_FIELD_INPUT INCLUSION INVALID INVALID_TYPE INVALID_VALUE NOT_AUTHORIZED OBJECT_FIELD_REQUIRED
  OBJECT_FIELD_TAKEN RECORD_NOT_FOUND TAKEN TEMPLATE_NOT_FOUND TOO_LONG TOO_SHORT UNDEFINED_OBJECT_FIELD UNDEFINED_OBJECT_TYPE
}
type MetaobjectUserError implements DisplayableError { code: MetaobjectUserErrorCode elementIndex: Int elementKey: String field: [String!] message: String! }
type MetafieldDefinitionType { name: String! category: String! }
type MetaobjectFieldDefinition { key: String! name: String required: Boolean! type: MetafieldDefinitionType! }
type MetaobjectDefinition implements Node {
  id: ID! type: String! name: String! displayNameKey: String fieldDefinitions: [MetaobjectFieldDefinition!]! metaobjectsCount: Int!
}
type MetaobjectField { key: String! type: String! value: String jsonValue: JSON }
type Metaobject implements Node {
  id: ID! handle: String! type: String! displayName: String! updatedAt: DateTime!
  fields: [MetaobjectField!]! field(key: String!): MetaobjectField definition: MetaobjectDefinition!
}
input MetaobjectHandleInput { type: String! handle: String! }
input MetaobjectFieldInput { key: String! value: String! }
input MetaobjectUpsertInput { handle: String fields: [MetaobjectFieldInput!] }
type MetaobjectUpsertPayload { metaobject: Metaobject userErrors: [MetaobjectUserError!]! }
type MetaobjectDeletePayload { deletedId: ID userErrors: [MetaobjectUserError!]! }
type StandardMetaobjectDefinitionEnablePayload { metaobjectDefinition: MetaobjectDefinition userErrors: [MetaobjectUserError!]! }
extend type QueryRoot {
  metaobjects(type: String!, first: Int, after: String, last: Int, before: String, reverse: Boolean = false, sortKey: String, query: String): MetaobjectConnection!
  metaobject(id: ID!): Metaobject
  metaobjectByHandle(handle: MetaobjectHandleInput!): Metaobject
  metaobjectDefinitionByType(type: String!): MetaobjectDefinition
}
extend type Mutation {
  standardMetaobjectDefinitionEnable(type: String!): StandardMetaobjectDefinitionEnablePayload
  metaobjectUpsert(handle: MetaobjectHandleInput!, metaobject: MetaobjectUpsertInput!): MetaobjectUpsertPayload
  metaobjectDelete(id: ID!): MetaobjectDeletePayload
}
${connection('Metaobject')}
`;

type UserError = { field: string[] | null; message: string; code: string; elementKey?: string | null; elementIndex?: number | null };

// Handles are lower-case letters, digits, dashes and underscores (what Shopify's parameterize leaves), at most 255.
const HANDLE = /^[a-z0-9][a-z0-9_-]{0,254}$/;

const templateOf = (type: string) => STANDARD_DEFINITIONS.find((t) => t.type === type);

/** The field whose value is a metaobject's display name (its handle when that field is empty). */
export const displayNameKeyOf = (type: string) => templateOf(type)?.displayNameKey ?? 'title';

function definitionOf(c: GqlContext, type: string): MetaobjectDefinitionRecord | undefined {
  return c.shop.metaobjectDefinitions.find((d) => d.type === type);
}

function definitionView(c: GqlContext, d: MetaobjectDefinitionRecord) {
  const t = templateOf(d.type)!;
  return {
    id: gid('MetaobjectDefinition', d.id),
    type: d.type,
    name: t.name,
    displayNameKey: t.displayNameKey,
    fieldDefinitions: t.fields.map((f) => ({ key: f.key, name: f.name, required: !!f.required, type: { name: f.type, category: f.type.split('_')[0] } })),
    metaobjectsCount: c.shop.metaobjects.filter((m) => m.type === d.type).length,
  };
}

function fieldView(f: FieldDefinition, value: string | undefined) {
  let jsonValue: unknown = value ?? null;
  if (value != null && (f.type === 'rating' || f.type.startsWith('list.'))) jsonValue = JSON.parse(value);
  return { key: f.key, type: f.type, value: value ?? null, jsonValue };
}

export function metaobjectView(c: GqlContext, m: MetaobjectRecord) {
  const t = templateOf(m.type)!;
  const fields = t.fields.map((f) => fieldView(f, m.fields[f.key]));
  return {
    __typename: 'Metaobject',
    id: gid('Metaobject', m.id),
    handle: m.handle,
    type: m.type,
    displayName: m.fields[t.displayNameKey] || m.handle,
    updatedAt: m.updatedAt,
    fields: fields.filter((f) => f.value != null),
    field: ({ key }: { key: string }) => fields.find((f) => f.key === key && f.value != null) ?? null,
    definition: () => definitionView(c, definitionOf(c, m.type)!),
  };
}

/** A reference field must point at something the shop has, as Shopify checks it. */
function referenceMissing(c: GqlContext, type: string, value: string): boolean {
  const p = parseGid(value);
  if (!p) return false;
  const s = c.shop;
  if (type === 'product_reference') return !s.products.some((x) => x.id === p.id);
  if (type === 'variant_reference') return !s.products.some((x) => x.variants.some((v) => v.id === p.id));
  if (type === 'customer_reference') return !s.customers.some((x) => x.id === p.id);
  if (type === 'order_reference') return !s.orders.some((x) => x.id === p.id);
  return false;
}

/** The fields after the input is applied, or the userErrors that refuse it (all or nothing). */
function applyFields(c: GqlContext, t: StandardTemplate, current: Record<string, string>, input: { key: string; value: string }[]) {
  const errors: UserError[] = [];
  const next = { ...current };
  const seen = new Set<string>();
  input.forEach(({ key, value }, i) => {
    const at = { field: ['metaobject', 'fields', String(i)], elementKey: key, elementIndex: i };
    const def = t.fields.find((f) => f.key === key);
    if (seen.has(key)) return void errors.push({ ...at, message: `Field "${key}" is duplicated.`, code: 'DUPLICATE_FIELD_INPUT' });
    seen.add(key);
    if (!def) return void errors.push({ ...at, message: `Field definition "${key}" does not exist`, code: 'UNDEFINED_OBJECT_FIELD' });
    // An empty value clears the field.
    if (value === '') return void delete next[key];
    const problem = VALUE_CHECKS[def.type]?.(value) ?? (referenceMissing(c, def.type, value) ? 'Value references a resource that does not exist.' : null);
    if (problem) errors.push({ ...at, message: problem, code: 'INVALID_VALUE' });
    else next[key] = value;
  });
  for (const f of t.fields) {
    if (f.required && next[f.key] == null && !errors.length) {
      errors.push({
        field: ['metaobject', 'fields'],
        elementKey: f.key,
        elementIndex: null,
        message: `${f.name} can't be blank`,
        code: 'OBJECT_FIELD_REQUIRED',
      });
    }
  }
  return { next, errors };
}

export function metaobjectQueries(c: GqlContext) {
  const s = c.shop;
  return {
    metaobjects: (a: PageArgs & { type: string; reverse?: boolean }) => {
      requireAccess(c, 'metaobjects', 'read_metaobjects');
      const list = s.metaobjects.filter((m) => m.type === a.type);
      if (a.reverse) list.reverse();
      return paginate(
        list,
        a,
        (m) => m.id,
        (m) => metaobjectView(c, m),
      );
    },
    metaobject: ({ id }: { id: string }) => {
      requireAccess(c, 'metaobject', 'read_metaobjects');
      const p = parseGid(id);
      const m = p?.resource === 'Metaobject' ? s.metaobjects.find((x) => x.id === p.id) : undefined;
      return m ? metaobjectView(c, m) : null;
    },
    metaobjectByHandle: ({ handle }: { handle: { type: string; handle: string } }) => {
      requireAccess(c, 'metaobjectByHandle', 'read_metaobjects');
      const m = s.metaobjects.find((x) => x.type === handle.type && x.handle === handle.handle);
      return m ? metaobjectView(c, m) : null;
    },
    metaobjectDefinitionByType: ({ type }: { type: string }) => {
      requireAccess(c, 'metaobjectDefinitionByType', 'read_metaobject_definitions');
      const d = definitionOf(c, type);
      return d ? definitionView(c, d) : null;
    },
  };
}

export function metaobjectMutations(c: GqlContext) {
  const s = c.shop;
  return {
    standardMetaobjectDefinitionEnable: ({ type }: { type: string }) => {
      requireAccess(c, 'standardMetaobjectDefinitionEnable', 'write_metaobject_definitions');
      if (!templateOf(type)) {
        return {
          metaobjectDefinition: null,
          userErrors: [{ field: ['type'], message: "A standard metaobject definition wasn't found for the specified type.", code: 'TEMPLATE_NOT_FOUND' }],
        };
      }
      // Enabling twice answers the definition already there.
      let d = definitionOf(c, type);
      if (!d) {
        d = { id: c.em.store.nextId(), type, createdAt: isoTime() };
        s.metaobjectDefinitions.push(d);
        c.em.store.changed();
      }
      return { metaobjectDefinition: definitionView(c, d), userErrors: [] };
    },

    metaobjectUpsert: ({
      handle,
      metaobject,
    }: {
      handle: { type: string; handle: string };
      metaobject: { handle?: string | null; fields?: { key: string; value: string }[] | null };
    }) => {
      requireAccess(c, 'metaobjectUpsert', 'write_metaobjects');
      const refuse = (userErrors: UserError[]) => ({ metaobject: null, userErrors });
      const t = templateOf(handle.type);
      if (!t || !definitionOf(c, handle.type)) {
        return refuse([{ field: ['handle', 'type'], message: `No metaobject definition exists for type "${handle.type}"`, code: 'UNDEFINED_OBJECT_TYPE' }]);
      }
      for (const [field, value] of [
        ['handle', handle.handle],
        ['metaobject.handle', metaobject.handle],
      ] as const) {
        if (value != null && !HANDLE.test(value)) return refuse([{ field: field.split('.'), message: 'Handle is invalid', code: 'INVALID' }]);
      }
      const existing = s.metaobjects.find((m) => m.type === handle.type && m.handle === handle.handle);
      const { next, errors } = applyFields(c, t, existing?.fields ?? {}, metaobject.fields ?? []);
      const newHandle = metaobject.handle ?? handle.handle;
      if (newHandle !== handle.handle && s.metaobjects.some((m) => m.type === handle.type && m.handle === newHandle)) {
        errors.push({ field: ['metaobject', 'handle'], message: 'Handle has already been taken', code: 'TAKEN' });
      }
      if (errors.length) return refuse(errors);
      const now = isoTime();
      const record = existing ?? { id: c.em.store.nextId(), type: handle.type, handle: newHandle, fields: {}, createdAt: now, updatedAt: now };
      Object.assign(record, { handle: newHandle, fields: next, updatedAt: now });
      if (!existing) s.metaobjects.push(record);
      c.em.store.changed();
      void metaobjectSaved(c.em, s, record, !existing, t.displayNameKey);
      return { metaobject: metaobjectView(c, record), userErrors: [] };
    },

    metaobjectDelete: ({ id }: { id: string }) => {
      requireAccess(c, 'metaobjectDelete', 'write_metaobjects');
      const p = parseGid(id);
      const at = p?.resource === 'Metaobject' ? s.metaobjects.findIndex((m) => m.id === p.id) : -1;
      if (at < 0) return { deletedId: null, userErrors: [{ field: ['id'], message: 'Record not found', code: 'RECORD_NOT_FOUND' }] };
      const [gone] = s.metaobjects.splice(at, 1);
      c.em.store.changed();
      void metaobjectDeleted(c.em, s, gone);
      return { deletedId: id, userErrors: [] };
    },
  };
}
