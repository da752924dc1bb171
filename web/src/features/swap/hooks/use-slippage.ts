import { useCallback, useState } from 'react';
import { readSlippage, writeSlippage } from '../utils/slippage';

/** The slippage setting in basis points, remembered in localStorage across reloads. */
export function useSlippage(): [number, (bps: number) => void] {
  const [bps, setBps] = useState(() => readSlippage());
  const set = useCallback((v: number) => {
    setBps(v);
    writeSlippage(v);
  }, []);
  return [bps, set];
}
