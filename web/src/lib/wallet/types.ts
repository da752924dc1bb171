/**
 * The StarKey provider as injected at `window.starkey.supra` (docs/product.md, Wallet), and the
 * app config that names the network the app targets.
 */

/** A chain id as the wallet reports it; StarKey sends strings ("8"), some builds numbers. */
export type RawChainId = string | number;

export interface SendTransactionParams {
  /** BCS raw transaction as hex (no 0x), built by the server. */
  data: string;
  from: string;
  to: string;
  value: string;
  chainId: string;
}

export interface SupraProvider {
  /** Resolves the connected addresses, [0] is active; rejects `{code: 4001}` when the user declines. */
  connect(opts?: { chainId?: string; multiple?: boolean }): Promise<string[]>;
  /** Deprecated name of `accounts()`; both resolve [] when this site is not connected. */
  account?(): Promise<string[]>;
  accounts?(): Promise<string[]>;
  getChainId(): Promise<{ chainId: RawChainId } | null | undefined>;
  changeNetwork(opts: { chainId: string }): Promise<{ chainId: RawChainId } | null | undefined>;
  disconnect(): Promise<void>;
  /** Resolves the transaction hash (some builds resolve null when declined). */
  sendTransaction(params: SendTransactionParams): Promise<string | null | undefined>;
  signMessage?(opts: { message: string; nonce?: string }): Promise<{ publicKey: string; signature: string; address: string }>;
  /** StarKey has no off(): subscribe once per provider object. */
  on(event: 'accountChanged', fn: (accounts: string[]) => void): void;
  on(event: 'networkChanged', fn: (data: { chainId?: RawChainId } | null | undefined) => void): void;
  on(event: 'disconnect', fn: () => void): void;
  currentNetwork?: string | null;
}

declare global {
  interface Window {
    starkey?: { supra?: SupraProvider };
  }
}

export type WalletStatus = 'disconnected' | 'connecting' | 'connected';

/** The network the app targets, from GET /api/v1/config. */
export interface WalletNetwork {
  name: string;
  /** How the UI names it, e.g. "Supra Devnet", "Supra Mainnet". */
  label: string;
  chainId: number;
}

/** A wallet message shown in the wallet's modal (docs/product.md, Wallet). */
export interface WalletNotice {
  kind: 'error' | 'notDetected';
  message: string;
}

/** The "Switch Network" pop-up while the wallet is on another known network. */
export interface NetworkPrompt {
  fromLabel: string;
  targetLabel: string;
  switching: boolean;
}

/** What happened, for the toasts the wallet feature shows. */
export type WalletEvent =
  | { type: 'connected' }
  | { type: 'networkConnected'; label: string }
  | { type: 'connectFailed'; message: string }
  | { type: 'switchFailed'; message: string };
