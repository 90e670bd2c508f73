// Event and capability ids appear only in the contracts (issue 28): a plugin names another's event or
// capability by its reference (`ReviewCreated`, `ReviewFeed`), never by the id the reference holds,
// so a renamed id is one edit in contracts/ and a typo cannot type-check. Read on the syntax tree:
// every string literal and template without `${}` in a plugin's files (tests included) whose whole
// value is an id. Prose that merely mentions an id (an OpenAPI description, a comment) is not a name.
import type * as Oxc from 'oxc-parser';
import { type Plugin, rel } from './files';
import { lineAt, nodesOf, parseFile, type SourceFile } from './parse';

export interface ContractIds {
  /** every capability id and event name the contracts define */
  ids: Set<string>;
  /** where a written id is allowed, by file (relative to the repository) -> the ids it may write, and why */
  allowed: Record<string, { ids: Set<string>; why: string }>;
}

/** The strings a file writes out whole: string literals and templates without substitutions. */
export function writtenStrings(file: SourceFile): { value: string; line: number }[] {
  const found: { value: string; line: number }[] = [];
  for (const node of nodesOf(file, 'Literal')) if (typeof node.value === 'string') found.push({ value: node.value, line: lineAt(file, node.start) });
  for (const node of nodesOf(file, 'TemplateLiteral') as Oxc.TemplateLiteral[]) {
    if (node.expressions.length === 0) found.push({ value: node.quasis[0].value.cooked ?? node.quasis[0].value.raw, line: lineAt(file, node.start) });
  }
  return found;
}

/** The ids a file writes out, with their lines. */
export function idsWritten(file: SourceFile, ids: Set<string>): { value: string; line: number }[] {
  return writtenStrings(file).filter(({ value }) => ids.has(value));
}

/** `file:line 'id'` for every id a plugin writes outside what `allowed` lets it. */
export function contractIdOffences(plugins: Plugin[], { ids, allowed }: ContractIds): string[] {
  return plugins.flatMap((p) =>
    p.files.flatMap((file) => {
      const exempt = Object.entries(allowed).find(([prefix]) => rel(file).startsWith(prefix))?.[1].ids;
      return idsWritten(parseFile(file), ids)
        .filter(({ value }) => !exempt?.has(value))
        .map(({ value, line }) => `${rel(file)}:${line} '${value}'`);
    }),
  );
}
