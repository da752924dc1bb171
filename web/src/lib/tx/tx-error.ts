import { errorMessage, isUserRejection } from '@/lib/wallet/errors';
import type { TxDetail } from '@/types/api';
import type { TxErrorKind } from './tx-state';

/**
 * Why a transaction did not go through. Features map `kind` to their own product toasts (docs/product.md):
 * - rejected: the user declined in the wallet (code 4001, or "rejected"/"cancelled" in the message)
 * - build: the server refused to build it (its product message is `message`; `code` is the API code)
 * - wallet: no wallet / wrong network / the wallet failed to sign or send
 * - timeout: sent (`hash` set) but not final after the wait, or its status could not be read
 * - failed: final with status Failed (`vmStatus`, `detail` set)
 */
export class TxError extends Error {
  readonly kind: TxErrorKind;
  readonly hash?: string;
  readonly vmStatus?: string;
  readonly detail?: TxDetail;
  readonly code?: string;

  constructor(
    kind: TxErrorKind,
    message: string,
    extra: { hash?: string; vmStatus?: string; detail?: TxDetail; code?: string; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'TxError';
    this.kind = kind;
    this.hash = extra.hash;
    this.vmStatus = extra.vmStatus;
    this.detail = extra.detail;
    this.code = extra.code;
  }
}

export function isTxError(err: unknown): err is TxError {
  return err instanceof TxError;
}

/** Maps what the wallet threw from sendTransaction. */
export function walletSendError(err: unknown): TxError {
  if (isUserRejection(err)) return new TxError('rejected', errorMessage(err) || 'User rejected the request.', { cause: err });
  return new TxError('wallet', errorMessage(err) || 'Unknown error', { cause: err });
}
