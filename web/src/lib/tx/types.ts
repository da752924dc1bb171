/** What every build endpoint answers (POST /api/v1/tx/build and the feature builders). */
export interface BuiltTransaction {
  /** BCS raw transaction as hex, no 0x. */
  rawTransaction: string;
  summary: unknown;
}

export type TxStatus = 'Success' | 'Failed' | 'Pending';

export interface TxEvent {
  type: string;
  data: unknown;
}

/** GET /api/v1/tx/{hash}?wait=30s (spec §3 "Chain data" plus decoded events). */
export interface TxDetail {
  txHash: string;
  status: TxStatus;
  vmStatus?: string;
  gasUsed?: string | number;
  events: TxEvent[];
  play?: unknown;
  swap?: unknown;
  transactionInsights?: unknown;
  [key: string]: unknown;
}

export interface TxResult {
  hash: string;
  detail: TxDetail;
}

export type TxPhase = 'idle' | 'building' | 'signing' | 'confirming';

export type TxErrorKind = 'rejected' | 'build' | 'wallet' | 'timeout' | 'failed';
