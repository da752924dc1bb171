import { useEffect, useState } from 'react';

/** value, once it has not changed for `ms` (doc 2 §4: the preview waits 500 ms after typing). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
