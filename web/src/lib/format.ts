/** Shortens an account address to its first 6 and last 4 characters (spec: wallet button). */
export function shortAddress(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/** Truncates a token name at 12 characters. */
export function truncateName(name: string, max = 12): string {
  return name.length > max ? name.slice(0, max) + '…' : name;
}

/** Whole-number formatting with thousands separators. */
export function formatInteger(n: number | bigint): string {
  return n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
