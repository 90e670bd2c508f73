// Which module a line of an unminified admin chunk belongs to (ADMIN_MINIFY=0: the bundler writes a
// `// <path>` comment where each module starts), to sum a CPU profile by package.
import fs from 'node:fs';
import path from 'node:path';

const MODULE_START = /^\/\/ ((?:node_modules|admin|plugins|api|contracts)\/\S+)$/;

/** The package of a module path: node_modules' package (its scope included), else the app's folder. */
export function packageOf(modulePath: string): string {
  const parts = modulePath.split('/');
  if (parts[0] === 'node_modules') return parts[1].startsWith('@') ? `${parts[1]}/${parts[2]}` : parts[1];
  return parts[0] === 'plugins' ? `plugins/${parts[1]}` : parts[0];
}

/** For each chunk of `dist/assets`: the line numbers (1-based) where modules start, and their paths. */
export function moduleMap(dist: string): (chunk: string, line: number) => string {
  const starts = new Map<string, { line: number; module: string }[]>();
  for (const file of fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
    const lines = fs.readFileSync(path.join(dist, 'assets', file), 'utf8').split('\n');
    starts.set(
      file,
      lines.flatMap((text, i) => {
        const m = MODULE_START.exec(text);
        return m ? [{ line: i + 1, module: m[1] }] : [];
      }),
    );
  }
  return (chunk, line) => {
    const list = starts.get(chunk) ?? [];
    let found = '(chunk glue)';
    for (const s of list) {
      if (s.line > line) break;
      found = s.module;
    }
    return found;
  };
}
