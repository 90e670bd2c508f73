// One language's bulk translation: its last known progress, asked again every few seconds while the
// run is under way (running, or waiting on the provider), and a start that begins the polling.
import { useCallback, useEffect, useState } from 'react';
import { type BulkProgress, loadBulk, startBulk } from './provider-api';

const POLL_MS = 2_000;
const live = (p: BulkProgress | null | undefined) => p?.state === 'running' || p?.state === 'waiting';

export function useBulkProgress(language: string) {
  /** undefined: not asked yet; null: never ran */
  const [progress, setProgress] = useState<BulkProgress | null>();
  const [failed, setFailed] = useState(false);
  const [starting, setStarting] = useState(false);
  /** started: asked until the run answers (its first query may come before the worker took it) */
  const [expecting, setExpecting] = useState(false);
  const [ticks, setTicks] = useState(0);

  useEffect(() => {
    let current = true;
    loadBulk(language).then(
      (p) => {
        if (!current) return;
        setFailed(false);
        if (p) setExpecting(false);
        setProgress((before) => p ?? (before?.state === 'running' ? before : p));
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [language, ticks]);

  // the next ask once this one answered a run under way (a failed ask is tried again too)
  const polling = live(progress) || expecting || (failed && progress !== undefined);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setTicks((t) => t + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [polling, ticks]);

  const start = useCallback(async () => {
    setStarting(true);
    try {
      await startBulk(language);
      // the run's first state is asked at once: a small shop's run may be done already
      setProgress({ target: language, total: null, done: 0, translated: 0, unavailable: 0, state: 'running', reason: null });
      setExpecting(true);
      setTicks((t) => t + 1);
    } finally {
      setStarting(false);
    }
  }, [language]);

  return { progress, failed, starting, running: live(progress), start };
}
