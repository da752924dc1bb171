/**
 * The lucky server's JSON API (/api/v1) by the names the app uses. The shapes themselves are
 * generated (api.gen.ts) from the contract the server publishes and its tests enforce
 * (internal/api/openapi.json, served at /api/v1/openapi.json): change the document, run
 * `npm run gen:api`, and the compiler shows every place the change reaches. Features and lib
 * import these names from here, never redeclare them.
 *
 * Conventions of the contract:
 * - Every amount is an integer in base units as a decimal string ("1500000" = 1.5 LUCKY at 6
 *   decimals). Parse with BigInt or the helpers in lib/amounts.ts, never Number.
 * - Fields that can be absent on chain are `null`, not missing; `?` marks fields the server
 *   leaves out.
 * - Errors always come as {"error":{"code","message"}} (lib/api.ts turns them into ApiError).
 */
import type { components } from './api.gen';

type Schemas = components['schemas'];

// GET /api/v1/config
export type ConfigModules = Schemas['ConfigModules'];
export type ConfigNetwork = Schemas['ConfigNetwork'];
export type SlotsEntry = Schemas['SlotsEntry'];
export type Token = Schemas['Token'];
/** A token that can be played: it has a slots entry. */
export type SlotToken = Token & { slots: SlotsEntry };
export type AppConfig = Schemas['AppConfig'];
export type Gas = Schemas['Gas'];
export type BotState = Schemas['BotState'];

// GET /api/v1/accounts/{address}/balances
export type TokenBalance = Schemas['TokenBalance'];
export type BalancesResponse = Schemas['BalancesResponse'];

// Transactions: POST /api/v1/tx/build, GET /api/v1/tx/{hash}
export type BuildTxRequest = Schemas['BuildTxRequest'];
/**
 * What every build endpoint answers, whatever its summary: tx/build's and miners/claim's is
 * BuildSummary, the others add their own facts (SpinBuildSummary, …).
 */
export type BuiltTransaction = Omit<Schemas['BuiltTransaction'], 'summary'> & { summary: unknown };
/** The network fee every build answers, estimated before signing (simulation, or max gas × price). */
export type NetworkFee = Schemas['NetworkFee'];
export type BuildSummary = Schemas['BuildSummary'];
export type TxStatus = Schemas['TxStatus'];
export type TxEvent = Schemas['TxEvent'];
export type CoinChange = Schemas['CoinChange'];
export type TxInsights = Schemas['TxInsights'];
export type SpinResult = Schemas['SpinResult'];
export type PlayDecoded = Schemas['PlayDecoded'];
export type SwapDecoded = Schemas['SwapDecoded'];
export type BurnDecoded = Schemas['BurnDecoded'];
export type CoinEventDecoded = Schemas['CoinEventDecoded'];
export type TxDecoded = Schemas['TxDecoded'];
export type MinerPurchaseDecoded = Schemas['MinerPurchaseDecoded'];
export type MinerClaimDecoded = Schemas['MinerClaimDecoded'];
/** While pending only txHash and status are sent. */
export type TxDetail = Schemas['TxDetail'];

// Slot game: POST /api/v1/slots/spins, GET /api/v1/slots/pots, GET /api/v1/slots/history/{address}, GET /api/v1/slots/totals/{address}
export type SpinBuildRequest = Schemas['SpinBuildRequest'];
export type SpinBuildSummary = Schemas['SpinBuildResponseSummary'];
export type SpinBuildResponse = Schemas['SpinBuildResponse'];
export type PotEntry = Schemas['PotEntry'];
export type PotsResponse = Schemas['PotsResponse'];
export type HistorySpin = Schemas['HistorySpin'];
export type HistoryResponse = Schemas['HistoryResponse'];
export type PlayTotalsResponse = Schemas['PlayTotalsResponse'];

// The event index: every answer says how far the index has caught up.
export type IndexHeights = Schemas['IndexHeights'];
export type Candle = Schemas['Candle'];
export type CandleInterval = Schemas['CandleInterval'];
export type CandlesResponse = Schemas['CandlesResponse'];
// GET /api/v1/market/trades
export type TokenTrade = Schemas['TokenTrade'];
export type TokenTradesResponse = Schemas['TokenTradesResponse'];
export type BurnsResponse = Schemas['BurnsResponse'];
export type BurnLeaderboardResponse = Schemas['BurnLeaderboardResponse'];
export type BurnSourcesResponse = Schemas['BurnSourcesResponse'];
export type FeedPlay = Schemas['FeedPlay'];
export type SlotsFeedResponse = Schemas['SlotsFeedResponse'];
export type HoldersResponse = Schemas['HoldersResponse'];

// Market data: GET /api/v1/market/tokens and GET /api/v1/market/lucky. Prices and USD values
// are decimal strings with 18 decimals, truncated (parse them with `decimal` from
// lib/amounts.ts); token amounts are base units with their decimals.
export type UsdUnavailable = Schemas['UsdUnavailable'];
export type MarketToken = Schemas['MarketToken'];
export type MarketSkipped = Schemas['MarketSkipped'];
/** Whether market figures are the chain node's current ones (stale: the last ones it gave). */
export type MarketFreshness = Pick<Schemas['MarketTokensResponse'], 'stale' | 'ageSeconds'>;
export type MarketTokensResponse = Schemas['MarketTokensResponse'];
export type UnitsAmount = Schemas['UnitsAmount'];
export type PoolSide = Schemas['PoolSide'];
export type PoolReserves = Schemas['PoolReserves'];
export type LuckyDashboardPart = Schemas['LuckyDashboardPart'];
export type LuckyDashboard = Schemas['LuckyDashboard'];

// Portfolio: GET /api/v1/accounts/{address}/portfolio
export type PortfolioHolding = Schemas['PortfolioHolding'];
export type PortfolioResponse = Schemas['PortfolioResponse'];

// Burn: POST /api/v1/burn/build, GET /api/v1/burns/{hash}, GET /api/v1/accounts/{address}/burns
export type BurnBuildRequest = Schemas['BurnBuildRequest'];
export type BurnBuildResponse = Schemas['BurnBuildResponse'];
export type BurnInfo = Schemas['BurnInfo'];
export type BurnDetail = Schemas['BurnDetail'];
export type AccountBurnsResponse = Schemas['AccountBurnsResponse'];

// Cosmic Miners: GET /api/v1/miners, /api/v1/miners/{address}, POST /api/v1/miners/purchase|claim
export type MinerRig = Schemas['MinerRig'];
export type MinerFleetEntry = Schemas['MinerFleetEntry'];
export type MinerBooster = Schemas['MinerBooster'];
export type MinerOwnedBooster = Schemas['MinerOwnedBooster'];
export type MinersResponse = Schemas['MinersResponse'];
export type MinerPurchaseRequest = Schemas['MinerPurchaseRequest'];
export type MinerPurchaseResponse = Schemas['MinerPurchaseResponse'];

// Staking: GET /api/v1/staking, /api/v1/staking/{address}, POST /api/v1/staking/stake|unstake|claim|pass
export type StakingGlobal = Schemas['StakingGlobal'];
export type StakingUser = Schemas['StakingUser'];
export type StakeRequest = Schemas['StakeRequest'];
export type UnstakeRequest = Schemas['UnstakeRequest'];
export type StakingSenderRequest = Schemas['StakingSenderRequest'];
export type StakeBuildResponse = Schemas['StakeBuildResponse'];
export type UnstakeBuildResponse = Schemas['UnstakeBuildResponse'];
export type StakingClaimBuildResponse = Schemas['StakingClaimBuildResponse'];
export type StakingPassBuildResponse = Schemas['StakingPassBuildResponse'];
export type StakeDecoded = Schemas['StakeDecoded'];
export type UnstakeDecoded = Schemas['UnstakeDecoded'];
export type StakingClaimDecoded = Schemas['StakingClaimDecoded'];
export type PassPurchaseDecoded = Schemas['PassPurchaseDecoded'];

// Swap: POST /api/v1/swap/quote, POST /api/v1/swap/build
export type SwapQuoteRequest = Schemas['SwapQuoteRequest'];
export type SwapTokenRef = Schemas['TokenRef'];
export type SwapQuote = Schemas['SwapQuote'];
export type SwapBuildRequest = Schemas['SwapBuildRequest'];
export type SwapBuildResponse = Schemas['SwapBuildResponse'];
export type SwapRoute = Schemas['SwapRoute'];
export type SwapRouteHop = Schemas['SwapRouteHop'];
export type SwapStep = Schemas['SwapStep'];
export type SwapTokenLookup = Schemas['SwapTokenLookup'];

// Account activity: GET /api/v1/accounts/{address}/activity (and its .csv)
export type ActivityKind = Schemas['ActivityKind'];
export type AccountActivityItem = Schemas['AccountActivityItem'];
export type AccountActivityResponse = Schemas['AccountActivityResponse'];
export type ActivityMinerAction = Schemas['ActivityMinerAction'];
