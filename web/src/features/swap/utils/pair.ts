import { NATIVE_COIN_TYPE } from '@/lib/links';

/** A token the swap can hold on one side: a registry token, or a coin imported by type tag. */
export interface SwapToken {
  name: string;
  coinType: string;
  /** null for an imported coin whose decimals are not known yet. */
  decimals: number | null;
  logo?: string;
  telegram?: string;
  website?: string;
  x?: string;
  /** A coin imported by type, not in the registry: shown with the unlisted-token warning. */
  unlisted?: boolean;
}

export interface Pair {
  pay: SwapToken;
  receive: SwapToken;
}

const TYPE_RE = /^0x[0-9a-fA-F]{1,64}::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*$/;

/** Coin types compare without leading zeros in the address and case-insensitively there. */
export function sameType(a: string, b: string): boolean {
  return canonical(a) === canonical(b);
}

function canonical(t: string): string {
  const [addr = '', ...rest] = t.trim().split('::');
  return '0x' + addr.toLowerCase().replace(/^0x/, '').replace(/^0+/, '') + '::' + rest.join('::');
}

export function isSupra(t: SwapToken): boolean {
  return sameType(t.coinType, NATIVE_COIN_TYPE);
}

/**
 * The registry token whose TOKEN/SUPRA candles chart this pair: the side that is not SUPRA when
 * the other is; null when neither side is SUPRA (the index charts SUPRA pools only) or the token
 * is an import the registry does not know.
 */
export function chartToken(pay: SwapToken, receive: SwapToken): string | null {
  const other = isSupra(pay) ? receive : isSupra(receive) ? pay : null;
  return other && !isSupra(other) && other.decimals !== null && !other.unlisted ? other.name : null;
}

/** Default pair (docs/product.md, Swap): SUPRA to LUCKY (or the first other token). */
export function defaultPair(tokens: readonly SwapToken[]): Pair {
  const supra = tokens.find(isSupra) ?? { name: 'SUPRA', coinType: NATIVE_COIN_TYPE, decimals: 8 };
  const rest = tokens.filter((t) => !isSupra(t));
  const lucky = rest.find((t) => t.name.toUpperCase() === 'LUCKY') ?? rest[0] ?? supra;
  return { pay: supra, receive: lucky };
}

/**
 * Picking on the 'pay' side (docs/product.md, Swap): any token; the swap finds the route
 * (a direct pool or two hops). Picking the token already on the other side trades places.
 */
export function pickPay(_tokens: readonly SwapToken[], pair: Pair, t: SwapToken): Pair {
  if (sameType(t.coinType, pair.receive.coinType)) return flip(pair);
  return { pay: t, receive: pair.receive };
}

/** Picking on the 'receive' side: any token; the one on the pay side trades places. */
export function pickReceive(_tokens: readonly SwapToken[], pair: Pair, t: SwapToken): Pair {
  if (sameType(t.coinType, pair.pay.coinType)) return flip(pair);
  return { pay: pair.pay, receive: t };
}

/** The flip button: the sides trade places (the amount is cleared by the caller). */
export function flip(pair: Pair): Pair {
  return { pay: pair.receive, receive: pair.pay };
}

/** A token by name (case-insensitive) or coin type among tokens (the registry and the imports); a well-formed coin type outside them is an unlisted import. */
export function resolveToken(tokens: readonly SwapToken[], s: string | null): SwapToken | null {
  if (!s) return null;
  const q = s.trim();
  const byName = tokens.find((t) => t.name.toLowerCase() === q.toLowerCase());
  if (byName) return byName;
  const byType = tokens.find((t) => sameType(t.coinType, q));
  if (byType) return byType;
  if (TYPE_RE.test(q)) return { name: q.split('::')[2] ?? q, coinType: q, decimals: null, unlisted: true };
  return null;
}

/**
 * The pair of a deep link /swap?from=&to= (names or coin types). A side that names no token
 * keeps the default; the same token on both sides falls back to the default pair.
 */
export function pairFromLink(tokens: readonly SwapToken[], from: string | null, to: string | null): Pair {
  const def = defaultPair(tokens);
  const f = resolveToken(tokens, from);
  const t = resolveToken(tokens, to);
  if (f && t) return sameType(f.coinType, t.coinType) ? def : { pay: f, receive: t };
  if (f) return pickPay(tokens, def, f);
  if (t) return pickReceive(tokens, def, t);
  return def;
}

/** Whether text is a full coin type (address::module::Name): what the picker can import. */
export function isCoinType(text: string): boolean {
  return TYPE_RE.test(text.trim());
}
