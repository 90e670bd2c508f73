import { useCallback, useEffect, useRef, useState } from 'react';
import { queueApi, type QueuePage, type QueueRow } from './queue-api';

const EMPTY: QueuePage = { data: [], pagination: { nextCursor: null }, pageInfo: { hasPre: false, hasNext: false, previousCursor: null, nextCursor: null } };
const SETTLE_TRIES = 10;
const SETTLE_DELAY_MS = 400;

/**
 * The list for a query, loaded again on `reload`. A reload after an action may name the acted rows:
 * a cancel reaches the request's workflow as a signal, so the row changes a moment after the answer;
 * the list is asked again, a few times, until no acted row still shows its old status.
 */
export function useQueueList(query: string): { page: QueuePage | null; reload: (acted?: QueueRow[]) => void } {
  const [page, setPage] = useState<QueuePage | null>(null);
  const [tick, setTick] = useState(0);
  const settle = useRef<{ rows: Map<number, string>; tries: number } | null>(null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    queueApi.list(query).then(
      (next) => {
        if (!live) return;
        setPage(next);
        const s = settle.current;
        const stale = s && next.data.some((r) => s.rows.get(r.id) === r.status);
        if (s && stale && ++s.tries < SETTLE_TRIES) timer = setTimeout(() => setTick((t) => t + 1), SETTLE_DELAY_MS);
        else settle.current = null;
      },
      () => live && setPage(EMPTY),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, tick]);

  const reload = useCallback((acted?: QueueRow[]) => {
    if (acted?.length) settle.current = { rows: new Map(acted.map((r) => [r.id, r.status])), tries: 0 };
    setTick((t) => t + 1);
  }, []);
  return { page, reload };
}
