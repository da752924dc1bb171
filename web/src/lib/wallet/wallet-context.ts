import { createContext, useContext } from 'react';
import type { NetworkPrompt, SupraProvider, WalletEvent, WalletNetwork, WalletNotice, WalletStatus } from './types';

// The wallet as the rest of the app reads it. Kept apart from the state machine
// (wallet-provider.tsx), so that the app can load that after the first paint.

export interface WalletContextValue {
  status: WalletStatus;
  /** The active account (accounts[0]) while connected. */
  address: string | null;
  /** The wallet's current chain id as a string ("255", "6", "8"), while connected. */
  chainId: string | null;
  /** The network the app targets (from /api/v1/config); null until the config is loaded. */
  network: WalletNetwork | null;
  /** True when connected and the wallet is on the target network. */
  isTargetNetwork: boolean;
  connect: () => Promise<void>;
  disconnect: () => Promise<void>;
  /** The StarKey provider while connected. */
  provider: SupraProvider | null;
  /** Asks the wallet to switch to the target network (the pop-up's button). */
  switchNetwork: () => Promise<void>;
  /** Human name of a known chain id ("Supra Testnet"), or the id itself. */
  networkLabel: (chainId: string | null) => string;
}

const noop = async () => {};

/** Outside a WalletProvider (e.g. isolated component tests) the wallet reads as disconnected. */
export const disconnectedValue: WalletContextValue = {
  status: 'disconnected',
  address: null,
  chainId: null,
  network: null,
  isTargetNetwork: false,
  connect: noop,
  disconnect: noop,
  provider: null,
  switchNetwork: noop,
  networkLabel: (id) => id ?? '',
};

export const WalletContext = createContext<WalletContextValue>(disconnectedValue);

export function useWallet(): WalletContextValue {
  return useContext(WalletContext);
}

/**
 * What the wallet's app-wide overlays need (features/wallet/components/wallet-overlays.tsx draws
 * them): the connecting state, the current wallet message (docs/product.md, Wallet), the network pop-up, and
 * the events that become toasts. The provider owns the state; the feature owns the pixels.
 */
export interface WalletUiValue {
  connecting: boolean;
  cancelConnect: () => void;
  notice: WalletNotice | null;
  dismissNotice: () => void;
  /** The StarKey app page to offer when no wallet was found. */
  starkeyUrl: string | undefined;
  prompt: NetworkPrompt | null;
  closePrompt: () => void;
  switchNetwork: () => Promise<void>;
  /** Calls `listener` for every wallet event until the returned function is called. */
  subscribe: (listener: (event: WalletEvent) => void) => () => void;
}

export const WalletUiContext = createContext<WalletUiValue | null>(null);

/** The overlays' view of the wallet; null outside a WalletProvider. */
export function useWalletUi(): WalletUiValue | null {
  return useContext(WalletUiContext);
}
