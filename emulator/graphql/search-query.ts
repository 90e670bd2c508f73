// Shopify's search syntax for the `query` argument: `title:*mug* AND status:active`,
// `created_at:>=2025-08-16`, `email:x`, `-status:draft`, `status:active,draft`, free text, and OR
// between groups. Unknown fields are ignored, as Shopify does (it only adds a warning). Field names
// may carry digits and '-' (`metafields.my-ns.key_2`); an `exact` field compares case-sensitively
// (metafield filters), with `*` as a prefix wildcard.

export type FieldKind = 'text' | 'keyword' | 'date' | 'number' | 'id' | 'exact';
export type FieldValue = string | number | null | undefined | (string | null | undefined)[];

export interface SearchField<T> {
  kind: FieldKind;
  get(item: T): FieldValue;
}

export type SearchFields<T> = Record<string, SearchField<T>>;

interface Term {
  field: string | null;
  op: ':' | '>' | '>=' | '<' | '<=';
  values: string[];
  negate: boolean;
}

function tokenize(query: string): string[] {
  const tokens: string[] = [];
  const re = /\s*((?:[^\s"']|"[^"]*"|'[^']*')+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(query))) tokens.push(m[1]);
  return tokens;
}

const unquote = (s: string) => s.replace(/^(["'])(.*)\1$/, '$2');

function parseTerm(token: string): Term {
  let negate = false;
  if (token.startsWith('-')) {
    negate = true;
    token = token.slice(1);
  }
  const m = /^([a-zA-Z_][a-zA-Z0-9_.-]*):(>=|<=|>|<)?(.*)$/.exec(token);
  if (!m) return { field: null, op: ':', values: [unquote(token)], negate };
  const raw = m[3];
  const values = /^["']/.test(raw) ? [unquote(raw)] : raw.split(',').map(unquote);
  return { field: m[1].toLowerCase(), op: (m[2] as Term['op']) ?? ':', values, negate };
}

/** Groups of AND-ed terms, OR-ed together. */
function parse(query: string): Term[][] {
  const groups: Term[][] = [[]];
  let negateNext = false;
  for (const token of tokenize(query)) {
    if (token === 'AND') continue;
    if (token === 'OR') {
      groups.push([]);
      continue;
    }
    if (token === 'NOT') {
      negateNext = true;
      continue;
    }
    const term = parseTerm(token);
    if (negateNext) term.negate = !term.negate;
    negateNext = false;
    groups.at(-1)!.push(term);
  }
  return groups.filter((g) => g.length);
}

function glob(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'i');
}

/** A date-only value means that whole day (UTC); a full timestamp means that instant. */
function dateBounds(value: string): [number, number] | null {
  const t = Date.parse(value);
  if (Number.isNaN(t)) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? [t, t + 86_400_000] : [t, t + 1];
}

function matchOne(kind: FieldKind, op: Term['op'], actual: string | number | null | undefined, wanted: string): boolean {
  if (actual == null) return false;
  const a = String(actual);
  if (kind === 'date') {
    const bounds = dateBounds(wanted);
    const t = Date.parse(a);
    if (!bounds) return false;
    const [from, to] = bounds;
    return op === ':' ? t >= from && t < to : op === '>=' ? t >= from : op === '>' ? t >= to : op === '<=' ? t < to : t < from;
  }
  if (kind === 'number' || kind === 'id') {
    if (!/^-?\d+(\.\d+)?$/.test(wanted)) return false;
    const [x, y] = kind === 'id' ? [BigInt(a), BigInt(wanted.split('.')[0])] : [Number(a), Number(wanted)];
    return op === ':' ? x === y : op === '>=' ? x >= y : op === '>' ? x > y : op === '<=' ? x <= y : x < y;
  }
  if (op !== ':') return a.localeCompare(wanted) * (op.startsWith('>') ? 1 : -1) >= (op.length === 2 ? 0 : 1);
  if (kind === 'exact') return wanted.endsWith('*') ? a.startsWith(wanted.slice(0, -1)) : a === wanted;
  if (wanted.includes('*')) return glob(wanted).test(a);
  if (kind === 'keyword') return a.toLowerCase() === wanted.toLowerCase();
  // text: a whole word or phrase of the field, case-insensitive (Shopify tokenizes text fields)
  const escaped = wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'iu').test(a);
}

function matchTerm<T>(item: T, term: Term, fields: SearchFields<T>, textFields: string[]): boolean {
  let result: boolean;
  if (term.field === null) {
    const needle = term.values[0].toLowerCase().replace(/\*/g, '');
    result = textFields.some((f) => [fields[f].get(item)].flat().some((v) => v != null && String(v).toLowerCase().includes(needle)));
  } else if (!Object.hasOwn(fields, term.field)) {
    return true;
  } else {
    const field = fields[term.field];
    const actual = [field.get(item)].flat();
    result = term.values.some((w) => actual.some((a) => matchOne(field.kind, term.op, a, w)));
  }
  return term.negate ? !result : result;
}

/** Filters `items` by a Shopify search query; `textFields` are searched by free-text terms. */
export function search<T>(items: T[], query: string | null | undefined, fields: SearchFields<T>, textFields: string[]): T[] {
  if (!query?.trim()) return items;
  const groups = parse(query);
  if (!groups.length) return items;
  return items.filter((item) => groups.some((g) => g.every((term) => matchTerm(item, term, fields, textFields))));
}
