// The three analytics calls (shared/api.ts is the contract), and a hook that loads one for the
// period in the URL and polls while the shop's history is still being counted.
import { useCallback, useEffect, useState } from 'react';
import { apiJson } from '@plaudit/kernel/admin';
import type { EmailAnswer, OverviewAnswer, RatingAnswer } from '../shared/api';

export interface Answers {
  overview: OverviewAnswer;
  rating: RatingAnswer;
  email: EmailAnswer;
}
export type Screen = keyof Answers;

/** How often a screen asks again while the answer says 'rebuilding'. */
export const REBUILD_POLL_MS = 4000;

export const loadAnswer = <S extends Screen>(screen: S, query: string) => apiJson<Answers[S]>(`/analytics/${screen}?${query}`);

export interface AnalyticsState<T> {
  /** the answer for the current query, undefined while it loads */
  data?: T;
  /** the history is being counted: data holds what is counted so far */
  rebuilding: boolean;
  error?: unknown;
  retry(): void;
}

export function useAnalytics<S extends Screen>(screen: S, query: string): AnalyticsState<Answers[S]> {
  const [state, setState] = useState<{ query: string; data?: Answers[S]; error?: unknown }>({ query });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      loadAnswer(screen, query).then(
        (data) => {
          if (!live) return;
          setState({ query, data });
          if (data.status === 'rebuilding') timer = setTimeout(load, REBUILD_POLL_MS);
        },
        (error) => live && setState({ query, error }),
      );
    load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [screen, query, attempt]);
  const retry = useCallback(() => (setState({ query }), setAttempt((n) => n + 1)), [query]);
  const current = state.query === query ? state : { query };
  return { data: current.data, error: current.error, rebuilding: current.data?.status === 'rebuilding', retry };
}
