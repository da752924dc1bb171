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
  return other && !isSupra(other) && other.decimals !== null ? other.name : null;
}

/** The 'receive' list: every token but SUPRA (docs/product.md, Swap). */
export function receiveList<T extends SwapToken>(tokens: readonly T[]): T[] {
  return tokens.filter((t) => !isSupra(t));
}

function supraOf(tokens: readonly SwapToken[]): SwapToken {
  return tokens.find(isSupra) ?? { name: 'SUPRA', coinType: NATIVE_COIN_TYPE, decimals: 8 };
}

/** Default pair (docs/product.md, Swap): SUPRA to LUCKY (or the first other token). */
export function defaultPair(tokens: readonly SwapToken[]): Pair {
  const supra = supraOf(tokens);
  const rest = receiveList(tokens);
  const lucky = rest.find((t) => t.name.toUpperCase() === 'LUCKY') ?? rest[0] ?? supra;
  return { pay: supra, receive: lucky };
}

/**
 * Picking on the 'pay' side (docs/product.md, Swap): SUPRA stays on exactly one side. Picking SUPRA moves the
 * other side off SUPRA (to the previous pay token, else the default); picking anything else
 * puts SUPRA on the other side.
 */
export function pickPay(tokens: readonly SwapToken[], pair: Pair, t: SwapToken): Pair {
  if (isSupra(t)) {
    if (!isSupra(pair.receive)) return { pay: t, receive: pair.receive };
    const other = !isSupra(pair.pay) ? pair.pay : defaultPair(tokens).receive;
    return { pay: t, receive: other };
  }
  return { pay: t, receive: supraOf(tokens) };
}

/** Picking on the 'receive' side: the list has no SUPRA, so SUPRA goes to the pay side. */
export function pickReceive(tokens: readonly SwapToken[], pair: Pair, t: SwapToken): Pair {
  if (isSupra(t)) return pickPay(tokens, { pay: pair.receive, receive: pair.pay }, pair.receive);
  return { pay: supraOf(tokens), receive: t };
}

/** The flip button: the sides trade places (the amount is cleared by the caller). */
export function flip(pair: Pair): Pair {
  return { pay: pair.receive, receive: pair.pay };
}

/** A token by registry name (case-insensitive) or coin type; a well-formed coin type outside the registry is imported. */
export function resolveToken(tokens: readonly SwapToken[], s: string | null): SwapToken | null {
  if (!s) return null;
  const q = s.trim();
  const byName = tokens.find((t) => t.name.toLowerCase() === q.toLowerCase());
  if (byName) return byName;
  const byType = tokens.find((t) => sameType(t.coinType, q));
  if (byType) return byType;
  if (TYPE_RE.test(q)) return { name: q.split('::')[2] ?? q, coinType: q, decimals: null };
  return null;
}

/**
 * The pair of a deep link /swap?from=&to= (names or coin types). A link that breaks the SUPRA
 * rule or names unknown tokens falls back to the default on the broken side.
 */
export function pairFromLink(tokens: readonly SwapToken[], from: string | null, to: string | null): Pair {
  const def = defaultPair(tokens);
  const f = resolveToken(tokens, from);
  const t = resolveToken(tokens, to);
  if (f && t && isSupra(f) !== isSupra(t)) return { pay: f, receive: t };
  if (f) return pickPay(tokens, def, f);
  if (t) return isSupra(t) ? flip(def) : pickReceive(tokens, def, t);
  return def;
}
