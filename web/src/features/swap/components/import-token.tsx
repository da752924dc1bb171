import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useSwapToken } from '../api/use-swap-token';
import { coinNotFound, importAck, importButton, noPoolForImport, unlistedWarning } from '../utils/messages';
import { isCoinType } from '../utils/pair';

/** What an accepted import hands back: the coin as the chain names it. */
export interface ImportedToken {
  name: string;
  coinType: string;
  decimals: number;
}

/**
 * The picker's import by coin type (docs/product.md, Swap): for a full coin type that is not in
 * the list, the coin as the chain knows it, the listed tokens it has a pool with, and the
 * unlisted-token warning the user must acknowledge before importing it.
 */
export function ImportToken({ query, known, onImport }: { query: string; known: boolean; onImport: (t: ImportedToken) => void }) {
  const text = query.trim();
  const coinType = !known && isCoinType(text) ? text : null;
  const look = useSwapToken(coinType);
  const [ack, setAck] = useState(false);
  const ackId = useId();
  if (!coinType) return null;
  if (look.isPending) {
    return (
      <div className="mt-3 flex items-center gap-2 text-sm text-muted">
        <Spinner size={16} label="Looking the coin up" /> Looking the coin up on chain…
      </div>
    );
  }
  if (look.isError) {
    const msg = look.error instanceof ApiError && look.error.status === 404 ? coinNotFound : look.error.message;
    return (
      <p role="alert" className="mt-3 rounded-lg border border-red-400/40 bg-red-500/10 px-3 py-2 text-sm text-red-200">
        {msg}
      </p>
    );
  }
  const { token, listed, pools } = look.data;
  if (listed) return null;
  return (
    <section aria-label="Import token" className="mt-3 space-y-3 rounded-xl border border-amber-400/40 bg-amber-500/10 p-3" data-testid="import-token">
      <div>
        <p className="font-bold text-white">
          {token.symbol} <span className="text-xs font-normal text-muted">({token.decimals} decimals)</span>
        </p>
        <p className="font-mono text-xs break-all text-muted">{token.coinType}</p>
      </div>
      <p role="alert" className="text-sm font-semibold text-amber-200" data-testid="unlisted-warning">
        {unlistedWarning}
      </p>
      {pools.length === 0 ? (
        <p className="text-sm text-red-200">{noPoolForImport}</p>
      ) : (
        <>
          <p className="text-sm text-white">Pools with: {pools.map((p) => p.name).join(', ')}</p>
          <div className="flex items-start gap-2">
            <input id={ackId} type="checkbox" checked={ack} onChange={(e) => setAck(e.target.checked)} className="mt-1 h-4 w-4 accent-amber-400" />
            <label htmlFor={ackId} className="text-sm text-white">
              {importAck}
            </label>
          </div>
          <Button
            variant="secondary"
            size="sm"
            className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            aria-disabled={!ack || undefined}
            onClick={ack ? () => onImport({ name: token.symbol, coinType: token.coinType, decimals: token.decimals }) : undefined}
          >
            {importButton(token.symbol)}
          </Button>
        </>
      )}
    </section>
  );
}
