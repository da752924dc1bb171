/**
 * The lucky server's JSON API (/api/v1), mirrored from the Go structs that produce it. This is the
 * one place these shapes live: features and lib import them from here, never redeclare them.
 *
 * Conventions of the Go side:
 * - Every amount is an integer in base units as a decimal string ("1500000" = 1.5 LUCKY at 6
 *   decimals). Parse with BigInt or the helpers in lib/amounts.ts, never Number.
 * - Fields that can be absent on chain are `null`, not missing (Go pointers); `?` marks JSON
 *   fields the server omits (`omitempty`).
 * - Errors always come as {"error":{"code","message"}} (lib/api.ts turns them into ApiError).
 */

// ---------------------------------------------------------------------------------------------
// GET /api/v1/config (internal/api/api.go configResponse, internal/config.Network,
// internal/tokens.Token)

/** Contract addresses of the target network; "" when a contract is not known there. */
export interface ConfigModules {
  /** address::module of the slot game. */
  slots: string;
  /** Dexlyn package address. */
  dexPackage: string;
  /** The Uncorrelated curve type. */
  dexCurve: string;
  /** liquidity_pool::SwapEvent type. */
  swapEvent: string;
  /** address::module; devnet only. */
  staking: string;
  /** address::module; devnet only. */
  miners: string;
  /** LUCKY burn address. */
  burnAddress: string;
  nativeCoin: string;
}

/** The chain the app targets. */
export interface ConfigNetwork {
  /** "devnet", "testnet" or "mainnet". */
  name: string;
  /** How the wallet UI names the network, e.g. "Supra Mainnet". */
  label: string;
  chainId: number;
  /** Explorer link pattern with `{hash}` (devnet: an in-app path). */
  explorerTx: string;
  /** Explorer link pattern with `{address}`. */
  explorerAddress: string;
  modules: ConfigModules;
  /** True when the node runs inside the binary (dev accounts, admin, dev wallet). */
  devnet: boolean;
}

/** A token's slot-game entry (only tokens that can be played have one). */
export interface SlotsEntry {
  order: number;
  /** Minimum bet per spin in whole tokens, e.g. "0.1", "10", "10000". */
  minBet: string;
  /** The same minimum in base units. */
  minBetBase: string;
  /** Partner name shown by the game ("" for none). */
  partner: string;
}

/** One token of the built-in registry (doc 2 §3 "Token"). */
export interface Token {
  name: string;
  symbol: string;
  /** Chain coin type, e.g. "0x1::supra_coin::SupraCoin". */
  coinType: string;
  decimals: number;
  /** Path of the logo served by the app, e.g. "/images/tokens/lucky.png". */
  logo: string;
  /** Total supply in base units, or null when the registry does not know it. */
  totalSupply: string | null;
  slots?: SlotsEntry;
  burnable: boolean;
  telegram?: string;
  website?: string;
  x?: string;
}

/** A token that can be played: it has a slots entry. */
export type SlotToken = Token & { slots: SlotsEntry };

/** GET /api/v1/config */
export interface AppConfig {
  network: ConfigNetwork;
  /** Chain ids the wallet may report that the app knows by name (the target is always known). */
  knownChainIds: number[];
  tokens: Token[];
  /** The bots the app runs (suprabot, burnbot) → Telegram username; null when not running here. */
  bots: Record<string, string | null>;
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/accounts/{address}/balances (internal/api/accounts.go)

export interface TokenBalance {
  name: string;
  symbol: string;
  coinType: string;
  decimals: number;
  /** Base units. */
  amount: string;
}

export interface BalancesResponse {
  address: string;
  /** Every registry token, zero included. */
  balances: TokenBalance[];
}

// ---------------------------------------------------------------------------------------------
// Transactions: POST /api/v1/tx/build, GET /api/v1/tx/{hash} (internal/api/tx.go,
// internal/chain/txdetail.go, internal/chain/events.go)

/** POST /api/v1/tx/build: an entry function call the server turns into a raw transaction. */
export interface BuildTxRequest {
  sender: string;
  /** address::module::function */
  function: string;
  typeArguments: string[];
  /** JSON arguments as the function's ABI expects them (u64 as decimal strings). */
  arguments: unknown[];
}

/** What every build endpoint answers (tx/build, slots/spins and the feature builders). */
export interface BuiltTransaction {
  /** BCS raw transaction as hex, no 0x. */
  rawTransaction: string;
  /** Endpoint-specific facts about the transaction (see e.g. SpinBuildSummary). */
  summary: unknown;
}

export type TxStatus = 'Success' | 'Failed' | 'Pending';

/** A Move event as the node reports it; `data` is the event's JSON. */
export interface TxEvent {
  type: string;
  data: unknown;
}

export interface CoinChange {
  coinType: string;
  /** Signed base units ("-1500000" for a withdrawal). */
  amount: string;
}

export interface TxInsights {
  type: string;
  coinReceiver: string;
  coinChange: CoinChange[];
}

/** One spin of a decoded PlayEvent. */
export interface SpinResult {
  tierIndex: number;
  /** Base units. */
  prizeWon: string;
}

/** The slot game's PlayEvent, decoded (chain.PlayJSON). */
export interface PlayDecoded {
  player: string;
  /** Coin type of the token played. */
  tokenType: string;
  /** Registry name of that token ("" when unknown). */
  token: string;
  betPerSpin: string;
  numberOfSpins: string;
  spinResults: SpinResult[];
  totalPrize: string;
}

/** Dexlyn's SwapEvent, decoded (chain.SwapJSON); all amounts base units. */
export interface SwapDecoded {
  pairX: string;
  pairY: string;
  xIn: string;
  xOut: string;
  yIn: string;
  yOut: string;
  /** Seconds since the Unix epoch. */
  timestamp: string;
  /** The swap in the trader's terms (chain.SwapEvent): the coin that went in and came out. */
  coinIn: string;
  coinOut: string;
  amountIn: string;
  /** What the trader received: y_out when X went in, else x_out (doc 2 §7). */
  received: string;
}

/** A burn: the first CoinDeposit to the network's burn address (chain.BurnEvent). */
export interface BurnDecoded {
  coinType: string;
  /** Registry name of the coin ("" when unknown). */
  token: string;
  /** Base units. */
  amount: string;
}

/** One CoinDeposit or CoinWithdraw event (chain.CoinEvent). */
export interface CoinEventDecoded {
  coinType: string;
  account: string;
  /** Base units. */
  amount: string;
}

/**
 * The decoded events of the app's contracts, by decoder key (chain.Decoded, a Go map: a key
 * is present only when the transaction has that event). New contracts add keys (e.g. the
 * miners' purchase); read the ones you know.
 */
export interface TxDecoded {
  play?: PlayDecoded;
  swap?: SwapDecoded;
  burn?: BurnDecoded;
  deposits?: CoinEventDecoded[];
  withdrawals?: CoinEventDecoded[];
  /** cosmic_miners::MinerPurchasedEvent (chain.MinerPurchasedEvent). */
  minerPurchase?: MinerPurchaseDecoded;
  /** cosmic_miners::OutputClaimedEvent (chain.OutputClaimedEvent). */
  minerClaim?: MinerClaimDecoded;
  [key: string]: unknown;
}

/** A Cosmic Miners purchase; amounts are MINE base units. */
export interface MinerPurchaseDecoded {
  buyer: string;
  minerId: string;
  quantity: string;
  cost: string;
  /** Null when the purchase had no referrer. */
  referrer: string | null;
  referralBonus: string;
}

/** A Cosmic Miners claim. */
export interface MinerClaimDecoded {
  player: string;
  amount: string;
}

/**
 * GET /api/v1/tx/{hash}[?wait=30s]: the transaction detail of doc 1 §3 "Chain data" plus the
 * decoded events of the app's contracts. Integers are decimal strings; timestamps are
 * microseconds since the Unix epoch. While pending only txHash and status are sent.
 */
export interface TxDetail {
  txHash: string;
  status: TxStatus;
  sender?: string;
  sequenceNumber?: string;
  maxGasAmount?: string;
  gasUnitPrice?: string;
  gasUsed?: string | null;
  transactionCost?: string | null;
  txExpirationTimestamp?: string;
  txConfirmationTime?: string | null;
  vmStatus?: string | null;
  events?: TxEvent[] | null;
  blockNumber?: string | null;
  blockHash?: string | null;
  transactionInsights?: TxInsights | null;
  /** The decoded events (internal/api/tx.go txResponse; absent while pending). */
  decoded?: TxDecoded;
  /** decoded.play repeated at the top level (null when none); the game reads this one. */
  play?: PlayDecoded | null;
  /** decoded.swap repeated at the top level (null when none). */
  swap?: SwapDecoded | null;
}

// ---------------------------------------------------------------------------------------------
// Slot game: POST /api/v1/slots/spins, GET /api/v1/slots/pots, GET /api/v1/slots/history/{address}
// (internal/api/slots.go, internal/chain/history.go)

export interface SpinBuildRequest {
  sender: string;
  /** Registry name or coin type of the token. */
  token: string;
  /** Bet per spin in whole tokens, e.g. "10". */
  betPerSpin: string;
  spins: number;
}

export interface SpinBuildSummary {
  token: string;
  betPerSpinBase: string;
  totalBet: string;
}

export interface SpinBuildResponse extends BuiltTransaction {
  summary: SpinBuildSummary;
}

export interface PotEntry {
  name: string;
  coinType: string;
  decimals: number;
  /** Base units, or null when the pot could not be read. */
  amount: string | null;
}

export interface PotsResponse {
  pots: PotEntry[];
}

/** One played transaction of an account, newest first. */
export interface HistorySpin {
  txHash: string;
  /** Block time, RFC 3339 UTC, e.g. "2026-11-22T23:00:00Z". */
  time: string;
  token: string;
  coinType: string;
  betPerSpin: string;
  spins: string;
  wagered: string;
  won: string;
  /** won − wagered, signed. */
  net: string;
  status: string;
}

export interface HistoryResponse {
  spins: HistorySpin[];
}

// ---------------------------------------------------------------------------------------------
// The event index (internal/api/index.go). Every answer says how far the index has caught up.

/** Heights of the index: the last block every stream has ingested, and the node's head. */
export interface IndexHeights {
  indexedHeight: string;
  headHeight: string;
}

/** One OHLCV bucket. Prices are per whole token in SUPRA (USD: null before a USD price is known). */
export interface Candle {
  /** Bucket start, unix seconds. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  openUsd: number | null;
  highUsd: number | null;
  lowUsd: number | null;
  closeUsd: number | null;
  /** Base token traded, base units. */
  volume: string;
  /** SUPRA traded, base units. */
  volumeQuote: string;
  buys: number;
  sells: number;
}

export type CandleInterval = '1m' | '5m' | '1h' | '1d';

/** GET /api/v1/market/candles?pair=&interval=&from=&to= */
export interface CandlesResponse extends IndexHeights {
  pair: string;
  interval: CandleInterval;
  baseCoinType: string;
  quoteCoinType: string;
  candles: Candle[];
}

/** GET /api/v1/burns?limit=: the latest burns, each in the shape of a verified burn. */
export interface BurnsResponse extends IndexHeights {
  burns: BurnInfo[];
}

/** GET /api/v1/burns/leaderboard?token=&limit= */
export interface BurnLeaderboardResponse extends IndexHeights {
  token: string;
  coinType: string;
  leaders: { rank: number; burner: string; total: string; burns: number }[];
}

export interface FeedPlay {
  player: string;
  token: string;
  coinType: string;
  betPerSpin: string;
  numberOfSpins: string;
  wagered: string;
  won: string;
  tiers: number[];
  txHash: string;
  height: string;
  time: string;
}

/** GET /api/v1/slots/feed?limit= — the latest plays of everyone. */
export interface SlotsFeedResponse extends IndexHeights {
  plays: FeedPlay[];
}

/** GET /api/v1/holders?limit= — the largest LUCKY holders (burn address excluded). */
export interface HoldersResponse extends IndexHeights {
  token: string;
  coinType: string;
  totalSupply: string | null;
  holderCount: number;
  holders: { rank: number; account: string; balance: string; percentOfSupply: string }[];
}

// ---------------------------------------------------------------------------------------------
// Market data: GET /api/v1/market/tokens and GET /api/v1/market/lucky (internal/api/market.go,
// internal/market). Prices and USD values are decimal strings with 18 decimals, truncated (parse
// them with `decimal` from lib/amounts.ts); token amounts are base units with their decimals.
// Both accept `?refresh=true` to ask for a new read instead of the cached snapshot (≤ 10 s old).

/** Why USD values are null: the SUPRA/dexUSDC pool is missing or empty. */
export interface UsdUnavailable {
  /** Always "USD price unavailable": the text the UI shows. */
  reason: string;
  /** What is wrong, e.g. "the SUPRA/dexUSDC pool does not exist". */
  detail: string;
}

/** One row of the token index (doc 2 §3 "Token index row"). */
export interface MarketToken {
  /** By market cap, highest first. */
  rank: number;
  name: string;
  symbol: string;
  coinType: string;
  decimals: number;
  logo: string;
  /** SUPRA per whole token, from the TOKEN/SUPRA pool's reserves. */
  priceSupra: string;
  /** USD per whole token; null when USD is unavailable. */
  priceUsd: string | null;
  /** Base units; null when neither the chain nor the registry knows it. */
  totalSupply: string | null;
  totalSupplySource: 'chain' | 'registry' | null;
  /** Base units held by the burn address. */
  burned: string;
  /** totalSupply − burned, base units. */
  circulatingSupply: string | null;
  /** USD: price × circulating supply. */
  marketCap: string | null;
  /** USD: price × total supply (what the original app labels "Market Cap"). */
  fdv: string | null;
  marketCapSupra: string | null;
  fdvSupra: string | null;
  /** The TOKEN/SUPRA pool in base units (both "0" on SUPRA's own row). */
  reserves: { token: string; supra: string };
}

/** A registry token the index leaves out (doc 2 §8: tokens without a pool are skipped). */
export interface MarketSkipped {
  name: string;
  symbol: string;
  coinType: string;
  /** no_pool: no TOKEN/SUPRA pool; empty_pool: a reserve is 0; unreadable: the node refused the read. */
  reason: 'no_pool' | 'empty_pool' | 'unreadable';
}

/** GET /api/v1/market/tokens */
export interface MarketTokensResponse {
  /** When the snapshot was read, RFC 3339. */
  updatedAt: string;
  /** dexUSDC per SUPRA; null when USD is unavailable. */
  supraUsd: string | null;
  usdUnavailable: UsdUnavailable | null;
  tokens: MarketToken[];
  skipped: MarketSkipped[];
}

/** A token amount in base units with its decimals. */
export interface UnitsAmount {
  amount: string;
  decimals: number;
}

/** One side of a pool. */
export interface PoolSide extends UnitsAmount {
  symbol: string;
}

/** A pool's reserves. */
export interface PoolReserves {
  base: PoolSide;
  quote: PoolSide;
}

/** GET /api/v1/market/lucky: the LUCKY dashboard (doc 2 §2.3). */
export interface LuckyDashboard {
  updatedAt: string;
  token: { name: string; symbol: string; coinType: string; decimals: number; logo: string };
  totalSupply: UnitsAmount | null;
  totalSupplySource: 'chain' | 'registry' | null;
  burned: UnitsAmount;
  circulatingSupply: UnitsAmount | null;
  /** LUCKY in the slots house fund; null when the network has no slot game. */
  houseVault: UnitsAmount | null;
  burnAddress: string;
  priceSupra: string | null;
  priceUsd: string | null;
  luckyPerSupra: string | null;
  supraUsd: string | null;
  usdUnavailable: UsdUnavailable | null;
  marketCap: string | null;
  fdv: string | null;
  marketCapSupra: string | null;
  fdvSupra: string | null;
  pools: { luckySupra: PoolReserves | null; luckyDexUsdc: PoolReserves | null };
  /** The staking module's total; null where no staking module is configured. */
  staking: { coin: { name: string; symbol: string; coinType: string; decimals: number; logo: string }; staked: UnitsAmount } | null;
  // The event index's figures (internal/api/index.go luckyDayJSON): all null without an index.
  /** Percent move of the LUCKY/SUPRA spot price over 24 h; null without a price 24 h ago. */
  change24h: number | null;
  change24hUsd: number | null;
  /** LUCKY traded in 24 h, base units. */
  volume24h: string | null;
  /** SUPRA traded in 24 h, base units. */
  volume24hQuote: string | null;
  buys24h: number | null;
  sells24h: number | null;
  /** Accounts holding LUCKY (burn address excluded). */
  holders: number | null;
  indexedHeight: string | null;
  headHeight: string | null;
}

// ---------------------------------------------------------------------------------------------
// Portfolio: GET /api/v1/accounts/{address}/portfolio (internal/api/portfolio.go)

export interface PortfolioHolding {
  name: string;
  symbol: string;
  coinType: string;
  decimals: number;
  logo: string;
  /** Base units. */
  balance: string;
  /** SUPRA, decimal string (18 decimals, truncated). */
  valueSupra: string;
  /** USD, decimal string; null when the USD price is unavailable. */
  valueUsd: string | null;
}

export interface PortfolioResponse {
  address: string;
  updatedAt: string;
  /** Holds at least 250,000 LUCKY (doc 2 §6). */
  premium: boolean;
  premiumThreshold: UnitsAmount | null;
  /** Valued holdings before the premium rule (the note shows when more than 2). */
  assetCount: number;
  /** What the wallet may see, highest value first; zero balances and unpriced tokens omitted. */
  holdings: PortfolioHolding[];
  totals: { supra: string; usd: string | null };
  supraUsd: string | null;
  usdUnavailable: UsdUnavailable | null;
}

// ---------------------------------------------------------------------------------------------
// Burn: POST /api/v1/burn/build, GET /api/v1/burns/{hash}, GET /api/v1/accounts/{address}/burns
// (internal/api/burn.go)

export interface BurnBuildRequest {
  sender: string;
  /** Registry name or coin type. */
  token: string;
  /** Whole tokens as a decimal string, at most the token's decimals ("1000", "0.5"). */
  amount: string;
}

export interface BurnBuildResponse extends BuiltTransaction {
  summary: { token: string; amountBase: string; burnAddress: string };
}

/** A burn verified against the chain. */
export interface BurnInfo {
  txHash: string;
  burner: string;
  burnAddress: string;
  /** Base units. */
  amount: string;
  token: { name: string; symbol: string; coinType: string; decimals: number; logo: string };
  blockNumber: string;
  /** Block time, RFC 3339 UTC. */
  timestamp: string;
  network: string;
  /** Path of the certificate PNG (1200×630). */
  certificateUrl: string;
  /** Path of the public certificate page. */
  url: string;
}

export interface AccountBurnsResponse {
  address: string;
  burns: BurnInfo[];
  /** LUCKY held by the burn address. */
  totalLuckyBurned: UnitsAmount | null;
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/miners, /api/v1/miners/{address}, POST /api/v1/miners/purchase|claim
// (internal/api/miners.go). Amounts are MINE base units (8 decimals).

/** A rig of the Cosmic Miners catalogue. */
export interface MinerRig {
  id: string;
  name: string;
  level: string;
  cost: string;
  /** MINE per day, before boosts. */
  dailyOutput: string;
  /** Power units per rig. */
  power: string;
}

export interface MinerFleetEntry extends MinerRig {
  count: string;
}

export interface MinerBooster {
  id: string;
  name: string;
  /** Percent. */
  boost: string;
}

export interface MinerOwnedBooster extends MinerBooster {
  count: string;
}

/** Live false: the network has no miners module; nothing else is set. */
export interface MinersResponse {
  live: boolean;
  coinType?: string;
  decimals?: number;
  maxBoostPercent?: number;
  catalogue?: MinerRig[];
  boosterCatalogue?: MinerBooster[];
  crewSize?: string;
  /** The per-player part, present on /miners/{address}. */
  address?: string;
  balance?: string;
  pendingOutput?: string;
  /** Per day with the boost. */
  dailyOutput?: string;
  powerUnits?: string;
  boostPercent?: string;
  fleet?: MinerFleetEntry[];
  boosters?: MinerOwnedBooster[];
  /** "/minerz?ref=<address>": the origin is the page's. */
  referralPath?: string;
}

export interface MinerPurchaseRequest {
  sender: string;
  minerId: string;
  quantity: string;
  referrer?: string;
}

export interface MinerPurchaseResponse extends BuiltTransaction {
  summary: BuiltTransaction['summary'] & { miner: string; cost: string };
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/staking, /api/v1/staking/{address} (internal/api/staking.go). Amounts are SUPRA
// base units (8 decimals). Live false: the network has no staking pool ('Coming Soon').

export interface StakingGlobal {
  live: boolean;
  decimals?: number;
  activeUsers?: string;
  totalStaked?: string;
  passPrice?: string;
  rewardReserve?: string;
}

export interface StakingUser {
  live: boolean;
  address?: string;
  decimals?: number;
  deposit?: string;
  pendingRewards?: string;
  dailyYield?: string;
  /** Seconds since the last stake. */
  stakeTime?: string;
  /** (86400 − t)/3600 when t < 86400, else 0: a display figure in hours. */
  lockHoursLeft?: number;
  lockSecondsLeft?: string;
  hasTaxFreePass?: boolean;
  /** Basis points (500 = 5.00 %). */
  apyTier?: string;
  debug?: { startTime: string; secondsStaked: string; claimed: string };
}

// ---------------------------------------------------------------------------------------------
// Swap: POST /api/v1/swap/quote, POST /api/v1/swap/build (internal/api/swap.go)

export interface SwapQuoteRequest {
  /** Registry name or coin type. */
  from: string;
  to: string;
  /** Whole tokens as a decimal string ("10", "0.5"). */
  amountIn: string;
  /** 1..5000 (0.01 %–50 %); the server's default is 500. */
  slippageBps?: number;
}

export interface SwapTokenRef {
  name: string;
  symbol: string;
  coinType: string;
  decimals: number;
  logo: string;
}

export interface SwapQuote {
  from: SwapTokenRef;
  to: SwapTokenRef;
  /** Base units, and the same as an exact decimal. */
  amountIn: string;
  amountInDecimal: string;
  /** = router::get_amount_out. */
  amountOut: string;
  amountOutDecimal: string;
  /** floor(amountOut × (10000 − slippageBps) / 10000). */
  minOut: string;
  minOutDecimal: string;
  slippageBps: number;
  /** Liquidswap's price impact in basis points (rounded half up) and in percent (18 decimals). */
  priceImpactBps: number;
  priceImpact: string;
  /** LP fee: numerator / scale of the input; amount in base units of the input coin. */
  fee: { numerator: number; scale: number; amount: string; amountDecimal: string };
  /** Whole `to` per whole `from` (fee included), and its inverse. */
  rate: string;
  inverseRate: string;
  usdIn: string | null;
  usdOut: string | null;
  usdUnavailable: string | null;
  /** Pool reserves used, base units of `from` and `to`. */
  reserves: { in: string; out: string };
}

export interface SwapBuildRequest {
  sender: string;
  from: string;
  to: string;
  amountIn: string;
  /** Base units of the coin out (the quote's minOut). */
  minOut: string;
}
