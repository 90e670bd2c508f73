import { useEffect, useState } from 'react';

/** Options fetched a moment after the last key stroke, while the list is open; stale answers dropped. */
export function useSearch<T>(open: boolean, input: string, fetch: (text: string) => Promise<T[]>): { options: T[]; loading: boolean } {
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    const t = setTimeout(() => {
      fetch(input.trim())
        .then((found) => live && setOptions(found))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [open, input]); // fetch is the caller's fixed function
  return { options, loading };
}
