/**
 * The amount box (docs/product.md, Swap): a decimal number with at most the token's decimals; anything else
 * is refused (the previous text stays). Empty is allowed.
 */
export function acceptAmount(text: string, decimals: number | null): boolean {
  if (text === '') return true;
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return false;
  if (text.includes('.') && (decimals ?? 0) === 0) return false;
  return (m[2] ?? '').length <= (decimals ?? 0);
}

/**
 * The most that can be swapped: the balance, less on SUPRA the gas reserve (GET /api/v1/gas maxFee: the most the
 * swap's network fee can be). Null on SUPRA while the reserve is not known.
 */
export function spendable(balance: bigint, supra: boolean, reserve: bigint | null): bigint | null {
  if (!supra) return balance;
  if (reserve === null) return null;
  return balance > reserve ? balance - reserve : 0n;
}

/** A Move abort of scripts::swap because the pool gives less than min_out (Liquidswap ERR_COIN_OUT_NUM_LESS_THAN_EXPECTED_MINIMUM = 205 = 0xcd). */
export function isMinOutAbort(vmStatus: string): boolean {
  return /\b(0xcd|205)\b|LESS_THAN_EXPECTED|less than expected minimum/i.test(vmStatus);
}
