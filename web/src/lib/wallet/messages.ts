import { connectText, connectingText } from './button-text';

/** Wallet texts, word for word (docs/product.md, Wallet; the wallet is StarKey). */
export const WALLET_NAME = 'StarKey';

/** Wallet provider poll / give-up, connected toast (docs/product.md, Wallet). */
export const PROVIDER_POLL_MS = 500;
export const PROVIDER_GIVE_UP_MS = 5000;
export const CONNECTED_TOAST_MS = 3000;
/** How long the not-detected modal stays up before the redirect. */
export const REDIRECT_DELAY_MS = 2500;

export const walletText = {
  connect: connectText,
  connecting: connectingText,
  overlayTitle: 'Connecting Wallet',
  overlayBody: 'Please confirm in your wallet',
  optionsTitle: 'Wallet Options',
  disconnect: 'Disconnect Wallet',
  connectedToast: 'Wallet connected successfully!',
  userRejected: 'User Rejected',
  noAccounts: 'No accounts returned',
  networkInit: 'Failed to initialize network connection. Please try again.',
  notDetected: `${WALLET_NAME} not detected. Redirecting to open ${WALLET_NAME}.`,
} as const;

export function connectFailedToast(message: string): string {
  return `Failed to connect wallet: ${message || 'Unknown error'}`;
}

/** "Supra Mainnet" → "Mainnet Connected"; on devnet "Devnet Connected". */
export function networkConnectedToast(targetLabel: string): string {
  return `${shortNetworkName(targetLabel)} Connected`;
}

/** "Supra Devnet" → "Devnet". */
export function shortNetworkName(label: string): string {
  return label.replace(/^Supra\s+/i, '') || label;
}
