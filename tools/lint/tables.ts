// Which tables each owner (the kernel, a plugin) creates, read from its migrations' syntax trees:
// `createTable`/`createTableIfNotExists`/`createTableLike`/`renameTable` calls and CREATE TABLE /
// ALTER TABLE ... RENAME TO in any string or template literal, any case. Names built in loops,
// from constants, arrays or template literals are evaluated; one that cannot be is a problem the
// migration's author fixes by making it resolvable.
import fs from 'node:fs';
import path from 'node:path';
import type * as Oxc from 'oxc-parser';
import { evaluateStrings, HOLE } from './evaluate';
import { lineAt, type Node, nodesOf, parentOf, parseFile, type SourceFile, snippet } from './parse';
import { tablesCreatedInSql } from './sql';

export interface CreatedTable {
  table: string;
  file: string;
  line: number;
}

export interface Problem {
  file: string;
  line: number;
  message: string;
}

const CREATE_METHODS = new Set(['createTable', 'createTableIfNotExists', 'createTableLike']);

function createdByCall(file: SourceFile, node: Oxc.CallExpression, out: CreatedTable[], problems: Problem[]): void {
  const callee = node.callee;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
  const method = callee.property.name;
  const arg = CREATE_METHODS.has(method) ? node.arguments[0] : method === 'renameTable' ? node.arguments[1] : undefined;
  if (!arg) return;
  const line = lineAt(file, arg.start);
  for (const name of evaluateStrings(file, arg)) {
    if (name.includes(HOLE)) problems.push({ file: file.path, line, message: `cannot tell the table of ${snippet(file, node, 60)} statically` });
    else out.push({ table: name.replace(/^public\./, ''), file: file.path, line });
  }
}

function createdBySql(file: SourceFile, node: Node, out: CreatedTable[], problems: Problem[]): void {
  const line = lineAt(file, node.start);
  for (const text of evaluateStrings(file, node)) {
    for (const { name } of tablesCreatedInSql(text)) {
      if (name.includes(HOLE)) problems.push({ file: file.path, line, message: `cannot tell the table of SQL ${snippet(file, node, 60)} statically` });
      else out.push({ table: name, file: file.path, line });
    }
  }
}

/** Tables one migration file creates, and the places where a created table's name cannot be known. */
export function tablesCreatedIn(file: SourceFile): { created: CreatedTable[]; problems: Problem[] } {
  const created: CreatedTable[] = [];
  const problems: Problem[] = [];
  for (const node of nodesOf(file, 'CallExpression')) createdByCall(file, node, created, problems);
  // a template nested in another template's part is read as part of the outer one
  for (const node of nodesOf(file, 'TemplateLiteral')) if (parentOf(node)?.type !== 'TemplateLiteral') createdBySql(file, node, created, problems);
  for (const node of nodesOf(file, 'Literal')) if (typeof node.value === 'string' && /\btable\b/i.test(node.value)) createdBySql(file, node, created, problems);
  return { created: created.sort((a, b) => a.line - b.line), problems: problems.sort((a, b) => a.line - b.line) };
}

/** A folder's migration files (not their tests). */
export function migrationFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /\.(m?ts|js)$/.test(f) && !/\.(test|d)\.ts$/.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

export interface Ownership {
  /** table -> owner */
  owners: Map<string, string>;
  /** every creation, for messages: table -> where */
  created: Map<string, CreatedTable[]>;
  problems: Problem[];
}

/** Table owners from each owner's migrations folder; a table two owners create is a problem. */
export function tableOwnership(sources: { owner: string; migrations: string }[]): Ownership {
  const owners = new Map<string, string>();
  const created = new Map<string, CreatedTable[]>();
  const problems: Problem[] = [];
  for (const { owner, migrations } of sources) {
    for (const f of migrationFiles(migrations)) {
      const found = tablesCreatedIn(parseFile(f));
      problems.push(...found.problems);
      for (const t of found.created) {
        const previous = owners.get(t.table);
        if (previous !== undefined && previous !== owner) {
          problems.push({ file: t.file, line: t.line, message: `creates table "${t.table}", which ${previous} creates too` });
        }
        if (previous === undefined) owners.set(t.table, owner);
        created.set(t.table, [...(created.get(t.table) ?? []), t]);
      }
    }
  }
  return { owners, created, problems };
}
