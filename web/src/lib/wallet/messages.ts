/** Wallet texts, word for word (docs/product.md, Wallet; the wallet is StarKey). */
export const WALLET_NAME = 'StarKey';

/** Wallet provider poll / give-up, connected toast (docs/product.md, Wallet). */
export const PROVIDER_POLL_MS = 500;
export const PROVIDER_GIVE_UP_MS = 5000;
export const CONNECTED_TOAST_MS = 3000;
/** How long the not-detected modal stays up before the redirect. */
export const REDIRECT_DELAY_MS = 2500;

export const walletText = {
  connect: 'Connect Wallet',
  connecting: 'Connecting...',
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

/** Drops one trailing period so "{reason}." never reads "rejected the request..". */
function trimPeriod(s: string): string {
  return s.replace(/\.\s*$/, '');
}

export function connectFailedModal(reason: string): string {
  return `Failed to connect with ${WALLET_NAME}: ${trimPeriod(reason || 'Unknown error')}. Please check wallet configuration.`;
}

export function connectFailedToast(message: string): string {
  return `Failed to connect wallet: ${message || 'Unknown error'}`;
}

export function unknownNetworkMessage(network: string): string {
  return `Unknown network: ${network}. Please select Testnet or Mainnet in ${WALLET_NAME}.`;
}

/** "Supra Mainnet" → "Mainnet Connected"; on devnet "Devnet Connected". */
export function networkConnectedToast(targetLabel: string): string {
  return `${shortNetworkName(targetLabel)} Connected`;
}

/** "Supra Devnet" → "Devnet". */
export function shortNetworkName(label: string): string {
  return label.replace(/^Supra\s+/i, '') || label;
}

/** First 6 characters, an ellipsis, last 4 (docs/product.md, Display rules). */
export function shortenAddress(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** The message of anything thrown (Error, StarKey's {code, message} object, a string). */
export function errorMessage(err: unknown): string {
  if (typeof err === 'string') return err;
  if (err && typeof err === 'object' && 'message' in err && typeof err.message === 'string') return err.message;
  return '';
}

/** A wallet refusal: code 4001, or a message saying rejected / cancelled / denied. */
export function isUserRejection(err: unknown): boolean {
  if (err && typeof err === 'object' && 'code' in err && Number(err.code) === 4001) return true;
  return /reject|cancel|denied/i.test(errorMessage(err));
}
