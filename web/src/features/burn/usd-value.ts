import { decimal, formatExact, mul, units } from '@/lib/amounts';

/**
 * The dollar value of a burn for the review: the amount × the token's USD price from the market
 * figures (GET /market/tokens), exact, rounded half up to cents like every USD value in the app
 * ("$1,234.57"); a value under half a cent says "< $0.01" rather than "$0.00". Null when the
 * token has no USD price: the caller says so instead of inventing one.
 */
export function usdValueText(base: bigint, decimals: number, priceUsd: string | null | undefined): string | null {
  if (!priceUsd) return null;
  let price;
  try {
    price = decimal(priceUsd);
  } catch {
    return null;
  }
  const v = mul(units(base, decimals), price);
  const cents = formatExact(v, 2, { mode: 'halfUp', grouping: true });
  if (v.num > 0n && /^0\.00$/.test(cents)) return '< $0.01';
  return `$${cents}`;
}
