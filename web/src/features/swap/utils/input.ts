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

/** Gas kept back when Max is used on SUPRA: max gas 500,000 × gas price 100 = 0.5 SUPRA. */
export const SUPRA_GAS_RESERVE = 50_000_000n;

/** The most that can be swapped: the balance, less the gas reserve on SUPRA. */
export function spendable(balance: bigint, supra: boolean): bigint {
  if (!supra) return balance;
  return balance > SUPRA_GAS_RESERVE ? balance - SUPRA_GAS_RESERVE : 0n;
}

/** A Move abort of scripts::swap because the pool gives less than min_out (Liquidswap ERR_COIN_OUT_NUM_LESS_THAN_EXPECTED_MINIMUM = 205 = 0xcd). */
export function isMinOutAbort(vmStatus: string): boolean {
  return /\b(0xcd|205)\b|LESS_THAN_EXPECTED|less than expected minimum/i.test(vmStatus);
}
