// Follows one import run: while it runs, GET /api/imports/:id every 1.5 s (the banner's live
// count); a finished run is read once more and kept.
import { useEffect, useState } from 'react';
import { importsApi, type ImportRun } from './api';

export const POLL_MS = 1500;

export function useImportRun(initial: ImportRun | null, onFinished?: (run: ImportRun) => void): ImportRun | null {
  const [run, setRun] = useState(initial);
  useEffect(() => setRun(initial), [initial]);
  const id = run?.id;
  const running = run?.status === 'running';

  useEffect(() => {
    if (!id || !running) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const poll = () => {
      timer = setTimeout(async () => {
        const next = await importsApi.run(id).catch(() => null);
        if (!live) return;
        if (next) setRun(next);
        if (next && next.status !== 'running') onFinished?.(next);
        else poll();
      }, POLL_MS);
    };
    poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, running]);

  return run;
}
