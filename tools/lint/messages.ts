// Temporal signals, queries and updates are sent by their definitions (defineSignal/defineQuery/
// defineUpdate), never by a string name: `handle.signal('approve')`, `signalWithStart(wf, { signal:
// 'x' })` and a helper passing its `name: string` parameter on are offences. SQL given to a pg
// client's `.query()` is text with spaces, not a message name.
import fs from 'node:fs';
import type * as Oxc from 'oxc-parser';
import { evaluateStrings } from './evaluate';
import { rel } from './files';
import { lineAt, type Node, nodesOf, parseFile, type SourceFile, snippet } from './parse';
import { propertyName, resolveName } from './scope';

const SENDERS = new Set(['signal', 'query', 'executeUpdate', 'startUpdate']);
const MESSAGE_NAME = /^[A-Za-z_$][\w$-]*$/;

/** A name declared as a `string` parameter: whatever the caller passed, it is a string name. */
function isStringParameter(node: Node): boolean {
  if (node.type !== 'Identifier') return false;
  const binding = resolveName(node, node.name);
  if (binding?.kind !== 'parameter' || binding.path.length !== 0) return false;
  const param = binding.identifier.type === 'AssignmentPattern' ? binding.identifier.left : binding.identifier;
  return param.type === 'Identifier' && param.typeAnnotation?.typeAnnotation.type === 'TSStringKeyword';
}

/** Why `node`, given as a message, is a string name; undefined when it is not one. */
function stringName(file: SourceFile, node: Node, withParameters: boolean): string | undefined {
  if (withParameters && isStringParameter(node)) return `${snippet(file, node)}: string`;
  const values = evaluateStrings(file, node);
  return values.length > 0 && values.every((v) => MESSAGE_NAME.test(v)) ? `'${values.join("' | '")}'` : undefined;
}

function methodName(callee: Node): string | undefined {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return undefined;
}

function offencesIn(file: SourceFile): string[] {
  const offences: string[] = [];
  const report = (at: Node, why: string) => offences.push(`${rel(file.path)}:${lineAt(file, at.start)} ${snippet(file, at, 60)} (${why})`);
  for (const call of nodesOf(file, 'CallExpression') as Oxc.CallExpression[]) {
    const method = methodName(call.callee);
    const [first] = call.arguments;
    if (method && SENDERS.has(method) && call.callee.type === 'MemberExpression' && first && first.type !== 'SpreadElement') {
      // a `query` with a string parameter is as likely SQL text: only a literal name counts there
      const why = stringName(file, first, method !== 'query');
      if (why) report(call, why);
    }
    if (method === 'signalWithStart') {
      for (const arg of call.arguments) {
        if (arg.type !== 'ObjectExpression') continue;
        for (const prop of arg.properties) {
          if (prop.type !== 'Property' || propertyName(prop.key, prop.computed) !== 'signal') continue;
          const why = stringName(file, prop.value, true);
          if (why) report(call, why);
        }
      }
    }
  }
  return offences;
}

/** Offences in these files; only files that name a sender at all are parsed. */
export function stringMessageOffences(files: string[]): string[] {
  return files.filter((f) => /signal|query|Update/.test(fs.readFileSync(f, 'utf8'))).flatMap((f) => offencesIn(parseFile(f)));
}
