/** Every text of the swap screen that the product fixes, word for word (docs/product.md, Swap). */
export const swapText = {
  youPay: 'You Pay',
  youReceive: 'You Receive',
  connect: 'Connect Wallet',
  connecting: 'Connecting...',
  swap: 'Swap',
  swapping: 'Swapping...',
  acceptNewPrice: 'Accept new price',
  details: 'Transaction Details',
  expectedOutput: 'Expected Output',
  pickerTitle: 'Select Token',
  pickerSearch: 'Search by name or typeTag',
  pickerEmpty: 'No tokens found',
  processingTitle: 'Processing Swap',
  processingBody: 'Confirm the transaction in your wallet',
  guardTimeout: 'Swap processing timed out. Check transaction status.',
  checkFailed: 'Connect your wallet, enter a valid value, or resolve the preview error!',
  insufficientBalance: 'Insufficient balance!',
  rejected: 'Transaction rejected by user. Please try again.',
  blockchainError: 'Blockchain error. Try again later.',
  noBlockchain: 'Failed to connect to blockchain!',
  unknownError: 'Unknown error',
  confirmTimeout: 'Transaction confirmation timeout',
  detailsFailed: 'Failed to fetch transaction details after 3 attempts',
  noEvents: 'No transaction details or events found',
  errorLoading: 'Error loading',
} as const;

export const minimumReceivedLabel = (percent: string) => `Minimum Received (${percent}% slippage)`;
export const previewFailed = (reason: string) => `Failed to calculate preview: ${reason}`;
export const swapFailed = (msg: string) => `Swap failed: ${msg}`;
export const confirmationFailed = (msg: string) => `Swap confirmation failed: ${msg}`;
export const cappedMessage = (n: string, token: string) => `Input exceeds balance. Capped at ${n} ${token}.`;
export const swapCompleted = (n: string, token: string, hash: string) =>
  `Swap completed! Received: ${n} ${token} | Tx: ${hash.slice(0, 6)}...`;
export const slippageAbort = (percent: string) =>
  `Price moved beyond your slippage tolerance (${percent}%). Nothing was swapped; try again or raise the slippage.`;
export const impactLoss = (percent: string) => `You will lose about ${percent}% to price impact`;

/** Toast durations (docs/product.md, Swap). */
export const TOAST_SUCCESS_MS = 10_000;
export const TOAST_MS = 5_000;
