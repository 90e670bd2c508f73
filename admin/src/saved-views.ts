// Saved views of a list screen (the kernel's /api/saved-views; <SavedViews> shows them): a list keeps its state in the
// query string, so a view is that query string's parameters under a name, paging left out (a view
// opens on its first page). The applied view's id rides along as `view`, so a reload or a shared
// link still shows which view the list is on, and whether it was changed since.
export interface SavedView {
  id: number;
  screen: string;
  name: string;
  params: Record<string, string>;
}

/** the query parameter naming the applied view */
export const VIEW_PARAM = 'view';

/** The list's state in `search` as a view's parameters: `omit` (paging...) and the view's own id left out. */
export function viewParams(search: URLSearchParams, omit: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of search) if (k !== VIEW_PARAM && !omit.includes(k)) out[k] = v;
  return out;
}

/** Whether two views' parameters say the same, in any order. */
export function sameParams(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

/** The query string that applies `view`: its parameters and its id. */
export function applyView(view: SavedView): URLSearchParams {
  return new URLSearchParams({ ...view.params, [VIEW_PARAM]: String(view.id) });
}

/** The translation key of a refused name: the spec's uniqueness rule, or the field's own message. */
export function nameErrorKey(err: unknown): string {
  const body = (err as { body?: { code?: string; errors?: Record<string, string> } }).body;
  if (body?.code === 'VIEW_NAME_TAKEN') return 'plaudit.saved_views.name_taken';
  if (body?.errors?.name === 'This field is required') return 'plaudit.validation.required';
  if (body?.errors?.name) return 'plaudit.validation.invalid';
  return 'plaudit.saved_views.failed';
}
