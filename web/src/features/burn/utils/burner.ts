import { shortAddress } from '@/lib/format';

const FRAMEWORK = '0x' + '0'.repeat(63) + '1';

/**
 * A burner as the burn panels name it: 0x1 only ever "burns" in the chain's genesis transaction
 * (the supply the burn address held from the start), so it reads as Genesis, not as an account.
 */
export function burnerLabel(address: string): string {
  return address.toLowerCase() === FRAMEWORK || address === '0x1' ? 'Genesis (0x1)' : shortAddress(address);
}
