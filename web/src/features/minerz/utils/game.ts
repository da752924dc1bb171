import { safeBigInt } from '@/lib/amounts';
import type { MinersResponse } from '@/types/api';

/** MINE has 8 decimals (docs/product.md, Cosmic Miners). */
export const MINE_DECIMALS = 8;
const UNIT = 10n ** BigInt(MINE_DECIMALS);

export const TOAST_MS = 3_000;
export const MSG_INSUFFICIENT = 'Insufficient MINE tokens!';
export const MSG_LOAD_ERROR = 'Error loading data';
export const MSG_UNLOCK_FAILED = 'Failed to unlock miner';
/** Why 'Ignite Boost' is disabled: the contract has no timed boost (only owned Stellar Boosters count). */
export const MSG_BOOST_NOT_LIVE = 'Boosts are not live on-chain yet: only Stellar Boosters you own raise your output.';
/** Why Claim is disabled. */
export const MSG_NOTHING_TO_CLAIM = 'Nothing to claim yet: launch a rig to start mining MINE.';
export const MSG_REFERRAL_COPIED = 'Referral link copied!';
export const MSG_DEMO = 'Demo data: the game is not live on this network yet';
export const DEFAULT_MINER_IMAGE = '/images/miners/default.png';
export const DEFAULT_BOOSTER_IMAGE = '/images/nfts/default.png';

export interface Rig {
  id: string;
  name: string;
  level: string;
  cost: bigint;
  dailyOutput: bigint;
  power: bigint;
}

export interface FleetRig extends Rig {
  count: bigint;
}

export interface Booster {
  id: string;
  name: string;
  boost: bigint;
  count: bigint;
}

/** Everything the page shows, live or demo, in base units. */
export interface GameView {
  live: boolean;
  catalogue: Rig[];
  fleet: FleetRig[];
  boosters: Booster[];
  /** Null without a wallet (live). */
  balance: bigint | null;
  pending: bigint;
  /** Per day, with the boost. */
  dailyOutput: bigint;
  powerUnits: bigint;
  boostPercent: bigint;
  crewSize: bigint;
  referralPath: string | null;
  /** The starter grant the wallet can still claim (base units); null once claimed or without a wallet. */
  starterGrant: bigint | null;
}

const big = (s: string | undefined) => safeBigInt(s) ?? 0n;

function rig(r: { id: string; name: string; level: string; cost: string; dailyOutput: string; power: string }): Rig {
  return { id: r.id, name: r.name, level: r.level, cost: big(r.cost), dailyOutput: big(r.dailyOutput), power: big(r.power) };
}

/** The API's answer as the page's view. */
export function fromApi(r: MinersResponse): GameView {
  return {
    live: true,
    catalogue: (r.catalogue ?? []).map(rig),
    fleet: (r.fleet ?? []).map((f) => ({ ...rig(f), count: big(f.count) })),
    boosters: (r.boosters ?? []).map((b) => ({ id: b.id, name: b.name, boost: big(b.boost), count: big(b.count) })),
    balance: r.balance === undefined ? null : big(r.balance),
    pending: big(r.pendingOutput),
    dailyOutput: big(r.dailyOutput),
    powerUnits: big(r.powerUnits),
    boostPercent: big(r.boostPercent),
    crewSize: big(r.crewSize),
    referralPath: r.referralPath ?? null,
    starterGrant: r.starterClaimed === false && r.starterGrant ? big(r.starterGrant) : null,
  };
}

/** The demo data (docs/product.md, Cosmic Miners): balance 10000, the catalogue and the two boosters, max boost 50 %. */
export function demoView(): GameView {
  const catalogue: Rig[] = [
    { id: '1', name: 'Nano Rig', level: 'Common', cost: 100n * UNIT, dailyOutput: 5n * UNIT, power: 1n },
    { id: '2', name: 'Quantum Core', level: 'Rare', cost: 500n * UNIT, dailyOutput: 30n * UNIT, power: 5n },
    { id: '3', name: 'Nebula Forge', level: 'Legendary', cost: 2000n * UNIT, dailyOutput: 150n * UNIT, power: 20n },
  ];
  const boosters: Booster[] = [
    { id: '1', name: 'Cyber Gem', boost: 10n, count: 1n },
    { id: '2', name: 'Neon Shard', boost: 15n, count: 1n },
  ];
  return {
    live: false,
    catalogue,
    fleet: [],
    boosters,
    balance: 10_000n * UNIT,
    pending: 0n,
    dailyOutput: 0n,
    powerUnits: 0n,
    boostPercent: boostOf(boosters),
    crewSize: 0n,
    referralPath: null,
    starterGrant: null,
  };
}

export const MAX_BOOST_PERCENT = 50n;

/** Σ boost × count, capped at 50 % (docs/product.md, Cosmic Miners). */
export function boostOf(boosters: Booster[]): bigint {
  const total = boosters.reduce((a, b) => a + b.boost * b.count, 0n);
  return total > MAX_BOOST_PERCENT ? MAX_BOOST_PERCENT : total;
}

/** Ranks (docs/product.md, Cosmic Miners): Cadet Miner < 5, Astro Miner ≥ 5, Star Commander ≥ 20, Galactic Overlord ≥ 50. */
export function rankTitle(units: bigint): string {
  if (units >= 50n) return 'Galactic Overlord';
  if (units >= 20n) return 'Star Commander';
  if (units >= 5n) return 'Astro Miner';
  return 'Cadet Miner';
}

/** Power bar: min(5 × power units, 100) percent (docs/product.md, Cosmic Miners). */
export function powerBarPercent(units: bigint): number {
  return units >= 20n ? 100 : Number(units) * 5;
}

/** Output accrued since a read: pending + daily × elapsed / 1 day, floored (display only). */
export function pendingAt(pending: bigint, dailyOutput: bigint, elapsedMs: number): bigint {
  if (elapsedMs <= 0) return pending;
  return pending + (dailyOutput * BigInt(Math.floor(elapsedMs))) / 86_400_000n;
}

/** A full account address (0x + 1 to 64 hex digits), lower case, or null. */
export function parseReferrer(text: string | null): string | null {
  if (!text) return null;
  const s = text.trim().toLowerCase();
  return /^0x[0-9a-f]{1,64}$/.test(s) ? s : null;
}

/** Slug of a rig or booster name for its image ("Nano Rig" → "nano-rig"). */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
