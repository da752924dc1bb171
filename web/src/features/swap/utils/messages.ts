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
export const step2SlippageAbort = (percent: string) =>
  `The price of step 2 moved beyond your slippage tolerance (${percent}%), so step 2 was not swapped.`;

/** Routes through two pools (docs/product.md, Swap). */
export const routeLabel = (names: readonly string[], transactions: number) =>
  `${names.join(' → ')}, ${transactions} ${transactions === 1 ? 'transaction' : 'transactions'}`;
export const routeWhy = (via: string) =>
  `Dexlyn swaps one pool per transaction, so this route through ${via} is two transactions. Step 1 aborts if it would not return enough ${via} to buy your minimum in step 2.`;
export const stepProgress = (n: number, of: number) => `Step ${n} of ${of}: confirm the transaction in your wallet`;
export const partialTitle = (held: string, via: string) => `Step 1 of 2 is done: you now hold ${held} ${via}.`;
export const partialBody = (via: string, to: string) => `Step 2 (${via} → ${to}) did not go through. Your ${via} is in your wallet.`;
export const retryStep2 = 'Retry step 2 at the new price';
export const swapBack = (from: string) => `Swap back to ${from}`;

/** Importing a coin by type in the picker. */
export const unlistedWarning = 'Unlisted token: anyone can create a token with any name; check the coin type.';
export const importAck = 'I checked the coin type and understand the risk';
export const importButton = (name: string) => `Import ${name}`;
export const noPoolForImport = 'No pool with a listed token: this coin cannot be swapped here.';
export const coinNotFound = 'No coin with this type on chain: check the coin type.';

export const impactLoss = (percent: string) => `You will lose about ${percent}% to price impact`;

/** Toast durations (docs/product.md, Swap). */
export const TOAST_SUCCESS_MS = 10_000;
export const TOAST_MS = 5_000;
/** A remembered route whose step 2 was never signed (the page closed or reloaded between the steps). */
export const step2NotSigned = 'Step 2 was not signed: the page was closed or reloaded before it. Finish the route or swap back.';
