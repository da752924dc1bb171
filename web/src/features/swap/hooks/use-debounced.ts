import { useEffect, useState } from 'react';

/** value, once it has not changed for `ms` (the preview waits 500 ms after typing: docs/product.md, Swap). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
