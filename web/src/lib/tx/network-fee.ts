import { decimal, formatExact, formatExactUnits, formatPrice } from '@/lib/amounts';
import type { NetworkFee } from '@/types/api';

/** "0.000059 SUPRA": the fee from its base units, every significant decimal, never rounded. */
export function feeSupraText(fee: Pick<NetworkFee, 'amount' | 'decimals'>): string {
  return `${formatExactUnits(fee.amount, fee.decimals, 2)} SUPRA`;
}

/**
 * The fee in dollars as people read a cost: cents, rounded half up ("$0.05"); a fee above zero that
 * rounds to no cent is "< $0.01" (never "$0.00", which would read as free). Null without a USD price.
 */
export function feeUsdText(usd: string | null): string | null {
  if (usd === null) return null;
  const v = decimal(usd);
  if (v.num === 0n) return '$0.00';
  const cents = formatExact(v, 2, { mode: 'halfUp', grouping: true });
  return cents === '0.00' ? '< $0.01' : '$' + cents;
}

/** The exact USD value for the tooltip, in the product's USD price format. */
export function feeUsdExact(usd: string | null): string | null {
  return usd === null ? null : formatPrice(usd);
}

/** How the figure was made, in a sentence or two for the tooltip. */
export function feeMethodText(fee: NetworkFee): string {
  const units = `${BigInt(fee.gasUnits).toLocaleString('en-US')} gas units × ${BigInt(fee.gasUnitPrice).toLocaleString('en-US')} base units of SUPRA per unit (the node's gas price)`;
  return fee.estimate === 'simulation'
    ? `Estimated from the node's gas price and a simulation of this exact transaction: ${units}. ` +
        `Max gas ${BigInt(fee.maxGasAmount).toLocaleString('en-US')} units, room in case the chain moves first; only the gas used is charged.`
    : `Upper bound, not a simulation: ${units}, the transaction's max gas.`;
}
