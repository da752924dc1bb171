import type { TxDetail } from '@/types/api';

/** A confirmed transaction: its hash and the server's detail of it. */
export interface TxResult {
  hash: string;
  detail: TxDetail;
}

/** Where useTransaction is: building on the server, waiting for the wallet, waiting for the chain. */
export type TxPhase = 'idle' | 'building' | 'signing' | 'confirming';

/** Why a transaction did not succeed (lib/tx/tx-error.ts maps each to the product's message). */
export type TxErrorKind = 'rejected' | 'build' | 'wallet' | 'timeout' | 'failed';
