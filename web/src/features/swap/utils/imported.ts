import { sameType, type SwapToken } from './pair';

/** Coins the user imported by type, kept in the browser (docs/product.md, Swap). */
export const IMPORTED_KEY = 'lucky.swap.imported';

interface Stored {
  name: string;
  coinType: string;
  decimals: number;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The imported coins; anything unreadable is dropped. */
export function readImported(): SwapToken[] {
  try {
    const raw = JSON.parse(storage()?.getItem(IMPORTED_KEY) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return [];
    return raw
      .filter(
        (t): t is Stored =>
          !!t &&
          typeof (t as Stored).name === 'string' &&
          typeof (t as Stored).coinType === 'string' &&
          Number.isInteger((t as Stored).decimals) &&
          (t as Stored).decimals >= 0 &&
          (t as Stored).decimals <= 255,
      )
      .map((t) => ({ name: t.name, coinType: t.coinType, decimals: t.decimals, unlisted: true }));
  } catch {
    return [];
  }
}

/** Adds (or refreshes) one import and returns the new list. */
export function addImported(t: { name: string; coinType: string; decimals: number }): SwapToken[] {
  const list = readImported().filter((x) => !sameType(x.coinType, t.coinType));
  list.push({ name: t.name, coinType: t.coinType, decimals: t.decimals, unlisted: true });
  try {
    storage()?.setItem(IMPORTED_KEY, JSON.stringify(list.map(({ name, coinType, decimals }) => ({ name, coinType, decimals }))));
  } catch {
    // A full or blocked storage keeps the import for this visit only.
  }
  return list;
}
