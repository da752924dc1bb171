export { useTransaction, fetchTxDetail, TX_WAIT, type RunOptions, type UseTransaction } from './use-transaction';
export { TxError, isTxError, walletSendError } from './tx-error';
export type { BuiltTransaction, TxDetail, TxEvent, TxErrorKind, TxPhase, TxResult, TxStatus } from './types';
