import { AddressLink } from '@/components/ui/chain-link';
import { formatExactUnits, formatInteger } from '@/lib/amounts';
import type { MeasuredClaim } from '@/lib/claims/claims';
import { useBurnSources } from '@/lib/claims/use-burn-sources';
import type { BurnSourcesResponse } from '@/types/api';

/** The measured figure of a claim, e.g. "Burned by sells: 0 LUCKY in 0 transactions, at Burn address". */
export function ClaimFigure({ claim: c, className = '' }: { claim: MeasuredClaim; className?: string }) {
  const q = useBurnSources();
  return (
    <span
      data-testid="claim-figure"
      data-figure={c.figure}
      className={`mt-1.5 flex flex-wrap items-baseline gap-x-1.5 rounded-lg border border-neon-cyan/25 bg-neon-cyan/5 px-2.5 py-1 text-xs text-white/80 ${className}`}
    >
      <span className="font-bold tracking-wide text-neon-cyan uppercase">{c.label}, measured:</span>
      <FigureValue data={q.data} claim={c} pending={q.isPending} />
    </span>
  );
}

function FigureValue({ data, claim: c, pending }: { data: BurnSourcesResponse | undefined; claim: MeasuredClaim; pending: boolean }) {
  if (pending) return <span>…</span>;
  if (!data) return <span>not measured here (this server runs without the event index)</span>;
  const sum = data[c.figure];
  const at = c.source === 'feeCollector' ? data.feeCollector : data.burnAddress;
  if (!sum || !at) return <span>not measured on this network (its slots fee collector is not published)</span>;
  return (
    <>
      <strong className="font-mono text-white" data-testid="claim-amount" data-amount={sum.amount}>
        {formatExactUnits(sum.amount, data.decimals, 0)} {data.token}
      </strong>
      <span>
        in {formatInteger(sum.transactions)} transaction{sum.transactions === 1 ? '' : 's'}, at{' '}
        <AddressLink address={at} />
      </span>
    </>
  );
}
