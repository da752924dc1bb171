/**
 * An account's activity (GET /api/v1/accounts/{address}/activity and its .csv): the filters the
 * list and the CSV share, and each row in words with its amounts exact to the last base unit.
 */
import { formatExactUnits, safeBigInt } from '@/lib/amounts';
import { API_BASE } from '@/lib/api';
import type { AccountActivityItem, ActivityKind } from '@/types/api';

/** The kinds, in the order the filter offers them, with the name a person reads. */
export const ACTIVITY_KINDS: readonly { kind: ActivityKind; label: string; badge: string }[] = [
  { kind: 'swap', label: 'Swaps', badge: 'Swap' },
  { kind: 'spin', label: 'Spins', badge: 'Spin' },
  { kind: 'burn', label: 'Burns', badge: 'Burn' },
  { kind: 'miner', label: 'Cosmic Miners', badge: 'Miner' },
  { kind: 'stake', label: 'Stakes', badge: 'Stake' },
  { kind: 'unstake', label: 'Unstakes', badge: 'Unstake' },
  { kind: 'reward', label: 'Staking rewards', badge: 'Reward' },
  { kind: 'pass', label: 'Tax-free pass', badge: 'Pass' },
  { kind: 'received', label: 'Received', badge: 'In' },
  { kind: 'sent', label: 'Sent', badge: 'Out' },
];

/** What the list shows: one kind (or every one) and one token by registry name (or every one). */
export interface ActivityFilters {
  kind: ActivityKind | '';
  token: string;
}

export const NO_FILTERS: ActivityFilters = { kind: '', token: '' };

/** A kind from a URL's ?kind=, or '' (every kind) for anything else. */
export function parseKind(text: string | null): ActivityKind | '' {
  return ACTIVITY_KINDS.find((k) => k.kind === text)?.kind ?? '';
}

/** The filters as the API's query parameters (empty ones left out). */
export function activityParams(f: ActivityFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.kind) q.kind = f.kind;
  if (f.token) q.token = f.token;
  return q;
}

/** The CSV download of every row the filters select. */
export function activityCsvUrl(address: string, f: ActivityFilters): string {
  const q = new URLSearchParams(activityParams(f)).toString();
  return `${API_BASE}/accounts/${encodeURIComponent(address)}/activity.csv${q ? `?${q}` : ''}`;
}

/** The badge of a row's kind. */
export function kindBadge(kind: ActivityKind): string {
  return ACTIVITY_KINDS.find((k) => k.kind === kind)?.badge ?? kind;
}

function amount(units: string | null, token: AccountActivityItem['token'] | null): string {
  return token ? `${formatExactUnits(units, token.decimals)} ${token.name}` : '';
}

/** One activity row in words: what went in and what came back, amounts exact. */
export function describeActivity(a: AccountActivityItem): string {
  const spent = amount(a.amount, a.token);
  const back = amount(a.amountOut, a.tokenOut);
  switch (a.kind) {
    case 'swap':
      return `Swapped ${spent} for ${back}`;
    case 'spin':
      return (safeBigInt(a.amountOut) ?? 0n) > 0n ? `Spun ${spent}, won ${back}` : `Spun ${spent}, no win`;
    case 'burn':
      return `Burned ${spent}`;
    case 'received':
      return `Received ${spent}`;
    case 'sent':
      return `Sent ${spent}`;
    case 'stake':
      return `Staked ${spent}`;
    case 'unstake': {
      // What the pool kept is the early-unstake tax: the amount taken out less what came back.
      const tax = (safeBigInt(a.amount) ?? 0n) - (safeBigInt(a.amountOut) ?? 0n);
      return tax > 0n ? `Unstaked ${spent}, received ${back} after ${amount(tax.toString(), a.token)} early-unstake tax` : `Unstaked ${spent}`;
    }
    case 'reward':
      return `Claimed ${back} staking rewards`;
    case 'pass':
      return `Bought the tax-free pass for ${spent}`;
    case 'miner':
      switch (a.miner?.action) {
        case 'purchase':
          return `Bought ${a.miner.count ?? '?'} × miner #${a.miner.itemId ?? '?'} for ${spent}`;
        case 'claim':
          return `Claimed ${back}`;
        case 'booster':
          return `Got ${a.miner.count ?? '?'} × booster #${a.miner.itemId ?? '?'}`;
        default:
          return 'Cosmic Miners';
      }
  }
}

/** A row of the list: one activity, or the two swaps of a two-hop route shown as one. */
export type ActivityEntry =
  | { route: false; row: AccountActivityItem }
  | { route: true; first: AccountActivityItem; second: AccountActivityItem };

/** How far apart, in blocks, a route's two transactions may be and still read as one. */
export const ROUTE_MAX_BLOCKS = 1_000;

/**
 * Joins the two swaps of a two-hop route (A → via, then via → B) into one entry: the second
 * swap, the next of this account's rows, spends exactly what the first returned, in the coin it
 * returned, within ROUTE_MAX_BLOCKS. Rows come newest first, so the second step precedes the
 * first. Anything else stays a row of its own.
 */
export function groupRoutes(rows: readonly AccountActivityItem[]): ActivityEntry[] {
  const out: ActivityEntry[] = [];
  for (let i = 0; i < rows.length; i++) {
    const second = rows[i]!;
    const first = rows[i + 1];
    if (
      first &&
      second.kind === 'swap' &&
      first.kind === 'swap' &&
      first.txHash !== second.txHash &&
      first.tokenOut?.coinType === second.token.coinType &&
      first.amountOut === second.amount &&
      second.tokenOut?.coinType !== first.token.coinType &&
      BigInt(second.height) - BigInt(first.height) <= BigInt(ROUTE_MAX_BLOCKS)
    ) {
      out.push({ route: true, first, second });
      i++;
      continue;
    }
    out.push({ route: false, row: second });
  }
  return out;
}

/** A route in words: what went in, what came out, and the coin it went through. */
export function describeRoute(first: AccountActivityItem, second: AccountActivityItem): string {
  return `Swapped ${amount(first.amount, first.token)} for ${amount(second.amountOut, second.tokenOut)} via ${first.tokenOut?.name ?? '?'} (2 transactions)`;
}
