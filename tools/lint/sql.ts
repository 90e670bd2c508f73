// Table names in SQL text, in any letter case: what follows FROM, JOIN, USING, INTO, UPDATE,
// TABLE, TRUNCATE, REFERENCES (and the table of CREATE INDEX / CREATE TRIGGER ... ON). Not a SQL
// parser: it finds every name in a table position, so a caller keeps the ones that are tables
// (an alias, a CTE or a function's FROM clause yields a name no migration created).
import { HOLE } from './evaluate';

export interface SqlName {
  /** normalised: unquoted names in lower case, without the public schema */
  name: string;
  /** offset of the name in the text */
  offset: number;
}

// a name may hold a HOLE where a template's part was unknown: `from ${table}`
const IDENT = `(?:"[^"]+"|[A-Za-z_${HOLE}][\\w$${HOLE}]*)`;
// a whole name: not the start of a longer word (`lateral` is no table `latera`)
const NAME = `${IDENT}(?:\\.${IDENT})?(?![\\w$${HOLE}])`;
/** Keywords that can stand where a name is looked for (`REFERENCING NEW TABLE AS`, `UPDATE ON`, `FOR UPDATE SKIP`). */
const KEYWORDS = new Set(['as', 'on', 'set', 'skip', 'nowait', 'of', 'only', 'lateral', 'select', 'values', 'default']);
// after a table in a FROM/USING/TRUNCATE list: an optional alias, then `, next_table`
const NOT_ALIAS =
  '(?:where|join|inner|left|right|full|cross|natural|lateral|on|group|order|limit|offset|having|union|window|for|returning|set|using|fetch|cascade|restrict)\\b';
const LIST_NEXT = new RegExp(`(?:\\s+(?:as\\s+)?(?!${NOT_ALIAS})[A-Za-z_]\\w*)?\\s*,\\s*(?:only\\s+)?(${NAME})(?!\\s*\\()`, 'iyd');

const POSITIONS: { re: RegExp; list: boolean }[] = [
  // FROM/JOIN/USING a table, not a function: `from unnest(?)`, `extract(day from x)` name no table anyway
  { re: new RegExp(`\\b(?:from|join|using)\\s+(?:only\\s+)?(${NAME})(?!\\s*\\()`, 'gid'), list: true },
  { re: new RegExp(`\\b(?:into|update|references)\\s+(?:only\\s+)?(${NAME})`, 'gid'), list: false },
  { re: new RegExp(`\\btable\\s+(?:if\\s+(?:not\\s+)?exists\\s+)?(?:only\\s+)?(${NAME})`, 'gid'), list: true },
  { re: new RegExp(`\\btruncate\\s+(?:only\\s+)?(${NAME})`, 'gid'), list: true },
  {
    re: new RegExp(`\\bcreate\\s+(?:unique\\s+)?index\\s+(?:concurrently\\s+)?(?:if\\s+not\\s+exists\\s+)?(?:${NAME}\\s+)?on\\s+(?:only\\s+)?(${NAME})`, 'gid'),
    list: false,
  },
  { re: new RegExp(`\\bcreate\\s+(?:or\\s+replace\\s+)?(?:constraint\\s+)?trigger\\s+${NAME}\\s+[^;]*?\\bon\\s+(${NAME})`, 'gid'), list: false },
];

const CREATE = new RegExp(`\\bcreate\\s+(?:(?:global|local)\\s+)?(?:(?:temp|temporary|unlogged)\\s+)?table\\s+(?:if\\s+not\\s+exists\\s+)?(${NAME})`, 'gid');
const RENAME = new RegExp(`\\balter\\s+table\\s+(?:if\\s+exists\\s+)?(?:only\\s+)?(${NAME})\\s+rename\\s+to\\s+(${NAME})`, 'gid');

/** `"Reviews"` keeps its case, `Reviews` is `reviews`; `public.reviews` is `reviews`. */
export function normaliseTable(raw: string): string {
  const parts = raw.split('.').map((p) => (p.startsWith('"') ? p.slice(1, -1) : p.toLowerCase()));
  return parts.length === 2 && parts[0] === 'public' ? parts[1] : parts.join('.');
}

function at(match: RegExpExecArray, group: number): SqlName {
  return { name: normaliseTable(match[group]), offset: match.indices![group]![0] };
}

/** Every name in a table position of the SQL text. */
export function namesInSql(text: string): SqlName[] {
  const found: SqlName[] = [];
  for (const { re, list } of POSITIONS) {
    for (const m of text.matchAll(re)) {
      found.push(at(m, 1));
      if (!list) continue;
      LIST_NEXT.lastIndex = m.index + m[0].length;
      for (let next = LIST_NEXT.exec(text); next; next = LIST_NEXT.exec(text)) found.push(at(next, 1));
    }
  }
  return found.filter((n) => !KEYWORDS.has(n.name)).sort((a, b) => a.offset - b.offset);
}

/** Tables a DDL text creates (CREATE TABLE, and the new name of ALTER TABLE ... RENAME TO). */
export function tablesCreatedInSql(text: string): SqlName[] {
  return [...[...text.matchAll(CREATE)].map((m) => at(m, 1)), ...[...text.matchAll(RENAME)].map((m) => at(m, 2))];
}

/** A SQL statement (any case), as opposed to prose: the text starts with a statement's keywords. */
export function looksLikeSql(text: string): boolean {
  return /^\s*\(?\s*(?:select\s[\s\S]*\bfrom\s|insert\s+into\s|update\s+\S+\s+set\s|delete\s+from\s|with\s+(?:recursive\s+)?\w+\s+as\s*\(|(?:create|alter|drop)\s+(?:unique\s+)?(?:table|index|trigger|view|function)\s|truncate\s)/i.test(
    text,
  );
}
