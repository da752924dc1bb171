/** Shapes of the lucky server's JSON API used by the slot game (amounts are base-unit strings). */

export interface SlotsConfigEntry {
  order: number;
  /** Minimum bet per spin in whole tokens, e.g. "0.1", "10", "10000". */
  minBet: string;
  minBetBase?: string;
  partner?: string;
}

export interface TokenInfo {
  name: string;
  symbol: string;
  coinType: string;
  decimals: number;
  logo?: string;
  slots?: SlotsConfigEntry;
  telegram?: string;
  website?: string;
  x?: string;
}

/** A token that can be played: it has a slots entry. */
export interface SlotToken extends TokenInfo {
  slots: SlotsConfigEntry;
}

export interface NetworkInfo {
  name: string;
  label?: string;
  chainId: number | string;
  explorerTx?: string;
}

export interface AppConfig {
  network: NetworkInfo;
  tokens: TokenInfo[];
}

export interface BalanceEntry {
  name: string;
  coinType: string;
  decimals: number;
  amount: string;
}

export interface BalancesResponse {
  address: string;
  balances: BalanceEntry[];
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

export interface SpinBuildRequest {
  sender: string;
  token: string;
  betPerSpin: string;
  spins: number;
}

export interface SpinBuildResponse {
  rawTransaction: string;
  summary: Record<string, unknown>;
}

export interface SpinResult {
  tierIndex: number;
  prizeWon: string;
}

export interface PlayDetail {
  player: string;
  tokenType: string;
  token?: string;
  betPerSpin: string;
  numberOfSpins: number | string;
  spinResults: SpinResult[];
  totalPrize: string;
}

export interface TxEvent {
  type: string;
  data: unknown;
}

export interface TxDetail {
  txHash: string;
  status: string;
  vmStatus?: string;
  events?: TxEvent[] | null;
  play?: PlayDetail | null;
  [key: string]: unknown;
}

export interface HistorySpin {
  txHash: string;
  time: string | number;
  token: string;
  coinType?: string;
  betPerSpin: string;
  spins: string | number;
  wagered: string;
  won: string;
  net: string;
  status: string;
}

export interface HistoryResponse {
  spins: HistorySpin[];
}
