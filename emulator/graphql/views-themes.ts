// Themes and their files as the Admin API answers them (read_themes): text files as
// OnlineStoreThemeFileBodyText, a filename pattern with '*' matching any characters, at most 50
// names, and a NOT_FOUND read result for each exact name the theme lacks.
import crypto from 'node:crypto';
import { GraphQLError } from 'graphql';
import { gid } from '../ids';
import type { ThemeFileRecord, ThemeRecord } from '../types';
import { paginate, type PageArgs } from './connection';
import { requireAccess, type GqlContext } from './views-store';

const CONTENT_TYPES: Record<string, string> = { json: 'application/json', liquid: 'text/x-liquid', css: 'text/css', js: 'application/javascript' };

function matcher(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

function fileView(f: ThemeFileRecord) {
  return {
    filename: f.filename,
    body: { __typename: 'OnlineStoreThemeFileBodyText', content: f.content },
    checksumMd5: crypto.createHash('md5').update(f.content).digest('hex'),
    contentType: CONTENT_TYPES[f.filename.split('.').pop() ?? ''] ?? 'text/plain',
    size: String(Buffer.byteLength(f.content)),
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}

export function themeView(t: ThemeRecord) {
  return {
    __typename: 'OnlineStoreTheme',
    id: gid('OnlineStoreTheme', t.id),
    name: t.name,
    role: t.role,
    prefix: `/t/${t.id.slice(-2)}`,
    processing: false,
    processingFailed: false,
    themeStoreId: t.themeStoreId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    files: ({ filenames, first, after }: { filenames?: string[] | null; first?: number | null; after?: string | null }) => {
      if (filenames && filenames.length > 50) throw new GraphQLError('At most 50 filenames can be specified.', { extensions: { code: 'BAD_REQUEST' } });
      const patterns = filenames?.map(matcher);
      const found = t.files.filter((f) => !patterns || patterns.some((p) => p.test(f.filename)));
      const missing = (filenames ?? []).filter((n) => !n.includes('*') && !t.files.some((f) => f.filename === n));
      return {
        ...paginate(found, { first: first ?? 50, after }, (f) => f.filename, fileView),
        userErrors: missing.map((filename) => ({ code: 'NOT_FOUND', filename })),
      };
    },
  };
}

export function themeFields(c: GqlContext) {
  const themes = c.shop.themes;
  return {
    themes: (a: PageArgs & { reverse?: boolean; roles?: string[] | null; names?: string[] | null }) => {
      requireAccess(c, 'themes', 'read_themes');
      const found = themes.filter((t) => (!a.roles || a.roles.includes(t.role)) && (!a.names || a.names.includes(t.name)));
      return paginate(a.reverse ? [...found].reverse() : found, a, (t) => t.id, themeView);
    },
    theme: ({ id }: { id: string }) => {
      requireAccess(c, 'theme', 'read_themes');
      const t = themes.find((x) => gid('OnlineStoreTheme', x.id) === id);
      return t ? themeView(t) : null;
    },
  };
}
