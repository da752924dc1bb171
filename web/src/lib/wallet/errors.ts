import { WALLET_NAME } from '@/lib/wallet/messages';

// What a wallet (or a transaction through it) threw, in words. Apart from messages.ts, whose
// texts the header's wallet button shows on the first paint.

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

/** Drops one trailing period so "{reason}." never reads "rejected the request..". */
function trimPeriod(s: string): string {
  return s.replace(/\.\s*$/, '');
}

export function connectFailedModal(reason: string): string {
  return `Failed to connect with ${WALLET_NAME}: ${trimPeriod(reason || 'Unknown error')}. Please check wallet configuration.`;
}

export function unknownNetworkMessage(network: string): string {
  return `Unknown network: ${network}. Please select Testnet or Mainnet in ${WALLET_NAME}.`;
}
