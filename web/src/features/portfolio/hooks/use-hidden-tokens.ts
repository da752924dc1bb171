import { useCallback, useEffect, useState } from 'react';

/** localStorage key of one wallet's hidden tokens (coin types). */
export function hiddenTokensKey(address: string): string {
  return `portfolio:hidden:${address.toLowerCase()}`;
}

function read(address: string | null): string[] {
  if (!address) return [];
  try {
    const raw = window.localStorage.getItem(hiddenTokensKey(address));
    const v: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The tokens a wallet hid from its portfolio. The product kept the set per session; users asked
 * for it to last, so it lives in localStorage per wallet address.
 */
export function useHiddenTokens(address: string | null) {
  const [state, setState] = useState(() => ({ address, hidden: read(address) }));
  // A different wallet has its own set.
  let current = state;
  if (state.address !== address) {
    current = { address, hidden: read(address) };
    setState(current);
  }
  const hidden = current.hidden;

  useEffect(() => {
    if (!address) return;
    try {
      if (hidden.length === 0) window.localStorage.removeItem(hiddenTokensKey(address));
      else window.localStorage.setItem(hiddenTokensKey(address), JSON.stringify(hidden));
    } catch {
      // Storage full or disabled: the set still holds for this visit.
    }
  }, [address, hidden]);

  const hide = useCallback(
    (coinType: string) => setState((s) => (s.hidden.includes(coinType) ? s : { ...s, hidden: [...s.hidden, coinType] })),
    [],
  );
  const showAll = useCallback(() => setState((s) => ({ ...s, hidden: [] })), []);
  return { hidden, hide, showAll };
}
