// The admin's calls to /api/display-settings and the draft-versus-saved state every settings
// screen shares: load once, edit parts (one per widget), save the changed parts, discard.
import { useEffect, useMemo, useState } from 'react';
import { apiJson } from '@plaudit/kernel/admin';
import { WIDGETS, type DisplaySettings, type WidgetKey } from '../shared/display-settings';

export interface PlanInfo {
  plan: string;
  tier: 'free' | 'base' | 'second' | 'third';
  fullAccess: boolean;
  features: { customCss: boolean; removeBranding: boolean };
  requiredTier: { customCss: string; removeBranding: string };
}

export interface TrialState {
  startedAt: string;
  endsAt: string;
  active: boolean;
  daysLeft: number;
}

export interface DisplayState {
  data: DisplaySettings;
  plan: PlanInfo;
  trials: Record<string, TrialState | undefined>;
}

export function fetchDisplay(): Promise<DisplayState> {
  return apiJson<DisplayState>('/display-settings');
}

export type Part = Record<string, unknown>;
export type Parts = Partial<Record<WidgetKey, Part>>;

/** Saved and draft copies of the widgets a screen edits; `dirty` when any part differs. */
export function useDisplayDraft(widgets: WidgetKey[]) {
  const [state, setState] = useState<DisplayState | null>(null);
  const [saved, setSaved] = useState<Parts>({});
  const [draft, setDraft] = useState<Parts>({});
  const [failed, setFailed] = useState(false);
  const key = widgets.join(',');

  useEffect(() => {
    let live = true;
    fetchDisplay()
      .then((s) => {
        if (!live) return;
        const parts = Object.fromEntries(widgets.map((w) => [w, s.data[w] as Part]));
        setState(s);
        setSaved(parts);
        setDraft(parts);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [key]);

  const changed = useMemo(() => widgets.filter((w) => JSON.stringify(saved[w]) !== JSON.stringify(draft[w])), [saved, draft, key]);

  /** PUTs each changed part; the stored (normalised) answers become the saved copies. A failure names its widget. */
  async function save(): Promise<void> {
    const next = { ...saved };
    for (const w of changed) {
      const res = await apiJson<{ data: Part }>(`/display-settings/${w}`, { method: 'PUT', body: JSON.stringify(draft[w]) }).catch((err) => {
        throw Object.assign(err as object, { widget: w });
      });
      next[w] = res.data;
      setSaved({ ...next });
    }
    setDraft(next);
  }

  return {
    state,
    failed,
    saved,
    draft,
    dirty: changed.length > 0,
    setPart: (w: WidgetKey, part: Part) => setDraft((d) => ({ ...d, [w]: part })),
    discard: () => setDraft(saved),
    save,
  };
}

/**
 * The settings the preview renders: the saved document with every valid draft field laid over it.
 * A field being typed (an empty number, a half-written colour) keeps its saved value meanwhile.
 */
export function previewSettings(base: DisplaySettings, draft: Parts): DisplaySettings {
  const out = { ...base } as Record<string, unknown>;
  for (const [w, part] of Object.entries(draft) as [WidgetKey, Part][]) {
    const schema = WIDGETS[w];
    const whole = schema.safeParse(part);
    if (whole.success) {
      out[w] = whole.data;
      continue;
    }
    const shape = schema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;
    const merged: Part = { ...(base[w] as Part) };
    for (const [field, value] of Object.entries(part)) {
      const one = shape[field]?.safeParse(value);
      if (one?.success) merged[field] = one.data;
    }
    out[w] = merged;
  }
  return out as DisplaySettings;
}
