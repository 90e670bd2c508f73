// react-admin's data provider over our cursor-paged API dialect:
//   GET    /api/<resource>?cursor&limit&sort&filter -> { items, pageInfo: { nextCursor, hasNextPage } }
//   GET    /api/<resource>/<id>          -> the record
//   POST   /api/<resource>               -> the created record
//   PUT    /api/<resource>/<id>          -> the updated record
//   DELETE /api/<resource>/<id>
// `sort` is a field name, '-' first for descending; `filter` is the filter object as JSON. There is
// no total: lists use react-admin's partial pagination (pageInfo). react-admin asks for page N; the
// cursor that starts page N is remembered from page N-1's answer (or found by walking from page 1).
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';

export type JsonClient = (url: string, options?: RequestInit) => Promise<{ json: any }>;

interface CursorPage {
  items: RaRecord[];
  pageInfo: { nextCursor: string | null; hasNextPage: boolean };
}

function listUrl(base: string, resource: string, params: GetListParams, cursor: string | null): string {
  const { perPage } = params.pagination ?? { perPage: 25 };
  const query = new URLSearchParams({ limit: String(perPage) });
  if (cursor) query.set('cursor', cursor);
  if (params.sort?.field) query.set('sort', `${params.sort.order === 'DESC' ? '-' : ''}${params.sort.field}`);
  const filter = Object.fromEntries(Object.entries(params.filter ?? {}).filter(([, v]) => v !== undefined && v !== ''));
  if (Object.keys(filter).length) query.set('filter', JSON.stringify(filter));
  return `${base}/${resource}?${query}`;
}

export function cursorDataProvider(base: string, http: JsonClient): DataProvider {
  /** per list query (resource, sort, filter, page size): the cursor that starts each page, page 1 first */
  const cursors = new Map<string, (string | null)[]>();
  const one = (resource: string, id: Identifier) => `${base}/${resource}/${encodeURIComponent(String(id))}`;
  const send = async (url: string, method: string, body?: unknown) =>
    (await http(url, { method, body: body === undefined ? undefined : JSON.stringify(body) })).json;

  async function getList(resource: string, params: GetListParams) {
    const page = params.pagination?.page ?? 1;
    const key = JSON.stringify([resource, params.sort, params.filter, params.pagination?.perPage]);
    const known = cursors.get(key) ?? [null];
    cursors.set(key, known);
    let result: CursorPage | undefined;
    // walk forward from the last page whose cursor is known (a link straight to page N)
    for (let p = Math.min(known.length, page); p <= page; p++) {
      result = (await http(listUrl(base, resource, params, known[p - 1]))).json as CursorPage;
      known[p] = result.pageInfo.nextCursor;
      if (!result.pageInfo.hasNextPage && p < page) return { data: [], pageInfo: { hasNextPage: false, hasPreviousPage: page > 1 } };
    }
    return { data: result!.items, pageInfo: { hasNextPage: result!.pageInfo.hasNextPage, hasPreviousPage: page > 1 } };
  }

  return {
    getList: getList as DataProvider['getList'],
    getOne: async (resource, { id }) => ({ data: await send(one(resource, id), 'GET') }),
    getMany: async (resource, { ids }) => ({ data: await Promise.all(ids.map((id) => send(one(resource, id), 'GET'))) }),
    getManyReference: (async (resource, params) =>
      getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } })) as DataProvider['getManyReference'],
    create: async (resource, { data }) => ({ data: await send(`${base}/${resource}`, 'POST', data) }),
    update: async (resource, { id, data }) => ({ data: await send(one(resource, id), 'PUT', data) }),
    updateMany: async (resource, { ids, data }) => {
      for (const id of ids) await send(one(resource, id), 'PUT', data);
      return { data: ids };
    },
    delete: (async (resource, { id, previousData }) => {
      await send(one(resource, id), 'DELETE');
      return { data: previousData ?? { id } };
    }) as DataProvider['delete'],
    deleteMany: async (resource, { ids }) => {
      for (const id of ids) await send(one(resource, id), 'DELETE');
      return { data: ids };
    },
  };
}
