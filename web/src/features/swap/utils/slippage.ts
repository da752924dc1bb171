/** Slippage tolerance in basis points: presets, custom 0.01–50 %, default 5 % (docs/product.md, Swap). */
export const DEFAULT_SLIPPAGE_BPS = 500;
export const SLIPPAGE_PRESETS_BPS = [50, 100, 300, 500] as const;
export const MIN_SLIPPAGE_BPS = 1;
export const MAX_SLIPPAGE_BPS = 5000;
export const SLIPPAGE_STORAGE_KEY = 'swap.slippageBps';
/** Jupiter's thresholds (docs/product.md, Swap): at or below 0.05 % a swap may fail; at or above 10 % it is high. */
export const LOW_SLIPPAGE_BPS = 5;
export const HIGH_SLIPPAGE_BPS = 1000;

export const slippageText = {
  title: 'Slippage tolerance',
  custom: 'Custom slippage (%)',
  range: 'Enter a slippage between 0.01% and 50%.',
  low: 'Your transaction may fail: the price only has to move a little.',
  high: 'Warning, slippage is high: you may receive much less than quoted.',
} as const;

/** "5", "0.5", "0.01" from basis points. */
export function bpsToPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = String(bps % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** Basis points from a percent typed by the user ("0.5" → 50); null unless 0.01–50 with at most 2 decimals. */
export function percentToBps(text: string): number | null {
  const m = /^(\d{1,2})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bps >= MIN_SLIPPAGE_BPS && bps <= MAX_SLIPPAGE_BPS ? bps : null;
}

export function readSlippage(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): number {
  const raw = storage?.getItem(SLIPPAGE_STORAGE_KEY);
  const n = raw === null || raw === undefined ? NaN : Number(raw);
  return Number.isInteger(n) && n >= MIN_SLIPPAGE_BPS && n <= MAX_SLIPPAGE_BPS ? n : DEFAULT_SLIPPAGE_BPS;
}

export function writeSlippage(bps: number, storage: Pick<Storage, 'setItem'> | undefined = safeStorage()) {
  try {
    storage?.setItem(SLIPPAGE_STORAGE_KEY, String(bps));
  } catch {
    // private mode: the setting lasts for the session only
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export type SlippageWarning = 'low' | 'high' | null;

export function slippageWarning(bps: number): SlippageWarning {
  if (bps <= LOW_SLIPPAGE_BPS) return 'low';
  if (bps >= HIGH_SLIPPAGE_BPS) return 'high';
  return null;
}
