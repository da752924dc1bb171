import { decimal, type Exact } from '@/lib/amounts';
import type { MarketToken } from '@/types/api';

/** The four sort options of the token index (docs/product.md, Token index); market cap high to low by default. */
export type SortMode = 'marketCapHighToLow' | 'marketCapLowToHigh' | 'priceHighToLow' | 'priceLowToHigh';

export const DEFAULT_SORT: SortMode = 'marketCapHighToLow';

export const SORT_OPTIONS: readonly { value: SortMode; label: string }[] = [
  { value: 'marketCapHighToLow', label: 'Market Cap ↓' },
  { value: 'marketCapLowToHigh', label: 'Market Cap ↑' },
  { value: 'priceHighToLow', label: 'Price ↓' },
  { value: 'priceLowToHigh', label: 'Price ↑' },
];

/** 30 rows per page (docs/product.md, Token index). */
export const PAGE_SIZE = 30;

/** a − b as −1, 0 or 1, exactly. */
export function compareExact(a: Exact, b: Exact): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/**
 * The value a row is sorted by. USD when the server has a USD price, else the same figure in
 * SUPRA (one factor apart, so the order is the same). Null sorts last in both directions.
 */
function key(row: MarketToken, by: 'marketCap' | 'price'): Exact | null {
  const text = by === 'price' ? (row.priceUsd ?? row.priceSupra) : (row.marketCap ?? row.marketCapSupra);
  return text === null ? null : decimal(text);
}

/** A row with its rank in the current order (1-based). */
export interface RankedToken extends MarketToken {
  rank: number;
}

/** Sorts the rows by the mode and re-ranks them (docs/product.md, Token index); ties keep the name order. */
export function sortTokens(rows: readonly MarketToken[], mode: SortMode): RankedToken[] {
  const by = mode.startsWith('price') ? 'price' : 'marketCap';
  const desc = mode.endsWith('HighToLow');
  const keyed = rows.map((row) => ({ row, k: key(row, by) }));
  keyed.sort((a, b) => {
    if (a.k === null || b.k === null) {
      if (a.k === b.k) return a.row.name.localeCompare(b.row.name);
      return a.k === null ? 1 : -1;
    }
    const c = compareExact(a.k, b.k);
    if (c !== 0) return desc ? -c : c;
    return a.row.name.localeCompare(b.row.name);
  });
  return keyed.map(({ row }, i) => ({ ...row, rank: i + 1 }));
}

/** Number of pages for n rows (at least 1). */
export function pageCount(n: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(n / size));
}

/** The rows of page p (1-based). */
export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): T[] {
  return rows.slice((page - 1) * size, page * size);
}
