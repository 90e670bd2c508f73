// Syntax trees for the source checks. The parser is oxc-parser: TypeScript 7's JavaScript API is only
// offered as `typescript/unstable/*`, which drives the native compiler over IPC; oxc parses TS/TSX in
// process, fast, into an ESTree-shaped tree with UTF-16 offsets and comments.
import fs from 'node:fs';
import vm from 'node:vm';
import type * as Oxc from 'oxc-parser';

// oxc-parser is an ES module. jest's module registry cannot require one without
// --experimental-vm-modules; Node 24's own require can, so the parser is loaded by the worker's real
// `require` (from its own context, outside the test's sandbox): a stateless native parser needs none
// of what the registry adds (mocks, isolation), and stays loaded across test files.
const realProcess = vm.runInThisContext('process') as NodeJS.Process;
const oxc = realProcess.getBuiltinModule('node:module').createRequire(__filename)('oxc-parser') as typeof Oxc;

export type Node = Oxc.Node;
export type { Comment } from 'oxc-parser';

export interface SourceFile {
  path: string;
  text: string;
  program: Oxc.Program;
  comments: Oxc.Comment[];
  errors: string[];
  lineStarts: number[];
  /** every node of a kind, in source order: the checks read these instead of walking the tree again */
  byType: Map<string, Node[]>;
}

export type NodeOf<T extends Node['type']> = Extract<Node, { type: T }>;

/** The file's nodes of one kind, in source order. */
export function nodesOf<T extends Node['type']>(file: SourceFile, type: T): NodeOf<T>[] {
  return (file.byType.get(type) ?? []) as NodeOf<T>[];
}

// Raw transfer hands the tree over in shared memory instead of as JSON text to parse again (the four
// lint test files: 8.4 s of CPU with it, 9.6-10.3 s without). The option is in oxc-parser's code
// (src-js/index.js) but not yet in its types; where the platform lacks it, the JSON form is used.
const OPTIONS = { preserveParens: false, experimentalRawTransfer: oxc.rawTransferSupported() } as Oxc.ParserOptions;
const cache = new Map<string, SourceFile>();

/** A file's tree, parsed once per process however many checks read it. */
export function parseFile(file: string): SourceFile {
  let parsed = cache.get(file);
  if (!parsed) {
    parsed = parseSource(file, fs.readFileSync(file, 'utf8'));
    cache.set(file, parsed);
  }
  return parsed;
}

/** Parses source text; the name's extension picks TS or TSX (fixtures in tests use made-up names). */
export function parseSource(name: string, text: string): SourceFile {
  const result = oxc.parseSync(name, text, OPTIONS);
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const file: SourceFile = {
    path: name,
    text,
    program: result.program,
    comments: result.comments,
    errors: result.errors.map((e) => e.message),
    lineStarts,
    byType: new Map(),
  };
  // one walk: parent links (so a name can be looked up in the scopes around it), kept on the nodes as
  // oxc's node types declare `parent`, and the index by kind
  walk(file.program, (node, parent) => {
    node.parent = parent;
    const same = file.byType.get(node.type);
    if (same) same.push(node);
    else file.byType.set(node.type, [node]);
  });
  return file;
}

/** 1-based line of an offset. */
export function lineAt(file: SourceFile, offset: number): number {
  let low = 0;
  let high = file.lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (file.lineStarts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Visits every node depth-first, parents before children, following oxc's own visitor keys. */
export function walk(root: Node, visit: (node: Node, parent: Node | undefined) => void): void {
  const into = (node: Node, parent: Node | undefined): void => {
    visit(node, parent);
    for (const key of oxc.visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) {
        for (const c of child) if (isNode(c)) into(c, node);
      } else if (isNode(child)) {
        into(child, node);
      }
    }
  };
  into(root, undefined);
}

export function parentOf(node: Node): Node | undefined {
  return node.parent ?? undefined;
}

/** The nodes around `node`, nearest first. */
export function* ancestors(node: Node): Generator<Node> {
  for (let p = parentOf(node); p; p = parentOf(p)) yield p;
}

/** The source of a node on one line, shortened for a message. */
export function snippet(file: SourceFile, node: Node, max = 80): string {
  const text = file.text.slice(node.start, node.end).replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
