import { useId, useState, type KeyboardEvent } from 'react';
import { feeMethodText, feeSupraText, feeUsdExact, feeUsdText } from '@/lib/tx/network-fee';
import { useNetworkFee, type NetworkFeeState } from '@/lib/tx/use-network-fee';
import type { NetworkFee as Fee } from '@/types/api';

/**
 * "Network fee ≈ 0.000059 SUPRA (< $0.01)" before signing, with an info button whose tooltip says how the
 * figure was made (a simulation of this exact transaction at the node's gas price, or the labelled upper
 * bound, max gas × price) and, when the simulation says the transaction would fail, that verdict in a warning.
 * The tooltip opens on hover, focus or a tap; Escape (closing it and not the dialog around it), moving away or
 * leaving the button closes it. It takes no pointer events: where it lies over the sign button on a phone, a tap
 * still reaches the button.
 */
export function NetworkFee({ fee, loading, error }: NetworkFeeState) {
  const [open, setOpen] = useState(false);
  const tipId = useId();
  if (!fee) {
    return (
      <div className="mt-4 rounded-xl border border-white/10 bg-white/5 px-3 py-2 text-sm text-muted" data-testid="network-fee" aria-live="polite">
        {loading ? 'Network fee: estimating…' : `Network fee: not estimated${error ? ` (${error})` : ''}. It is paid in SUPRA on top.`}
      </div>
    );
  }
  const upper = fee.estimate !== 'simulation';
  const usd = feeUsdText(fee.usd);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <div className="mt-4 rounded-xl border border-white/10 bg-white/5 px-3 py-2 text-sm" data-testid="network-fee" aria-live="polite">
      <div className="relative flex items-center gap-2" onMouseLeave={() => setOpen(false)}>
        <span className="min-w-0 flex-1" data-testid="network-fee-line">
          <span className="text-muted">Network fee</span>{' '}
          <span className="font-semibold whitespace-nowrap text-white" data-testid="network-fee-amount">
            {upper ? '≤' : '≈'} {feeSupraText(fee)}
          </span>{' '}
          <span className="whitespace-nowrap text-muted" data-testid="network-fee-usd">
            {usd === null ? '(USD price unavailable)' : `(${usd})`}
          </span>
        </span>
        {upper && <span className="shrink-0 rounded-full border border-neon-gold/50 px-2 text-xs text-neon-gold">upper bound</span>}
        <button
          type="button"
          className="grid h-6 w-6 shrink-0 place-items-center rounded-full border border-white/25 text-xs font-bold text-white/80 hover:border-neon-cyan hover:text-neon-cyan focus-visible:outline focus-visible:outline-2 focus-visible:outline-neon-cyan"
          aria-label="How the network fee is estimated"
          aria-expanded={open}
          aria-describedby={open ? tipId : undefined}
          onClick={() => setOpen(true)}
          onMouseEnter={() => setOpen(true)}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKey}
        >
          i
        </button>
        {open && <FeeTooltip id={tipId} fee={fee} />}
      </div>
      {fee.simulationError && (
        <p role="alert" className="mt-2 rounded-lg border border-neon-gold/50 bg-neon-gold/10 p-2 text-xs font-semibold text-neon-gold" data-testid="network-fee-warning">
          {fee.simulationError}
        </p>
      )}
    </div>
  );
}

function FeeTooltip({ id, fee }: { id: string; fee: Fee }) {
  const exactUsd = feeUsdExact(fee.usd);
  return (
    <div
      id={id}
      role="tooltip"
      className="pointer-events-none absolute right-0 top-full z-10 mt-2 w-72 max-w-[calc(100vw-3rem)] rounded-xl border border-white/15 bg-[#0d1022] p-3 text-xs leading-relaxed text-white/85 shadow-xl"
    >
      <p>{feeMethodText(fee)}</p>
      <p className="mt-1">
        = {BigInt(fee.amount).toLocaleString('en-US')} base units = {feeSupraText(fee)}
        {exactUsd ? ` ≈ ${exactUsd} at the market's SUPRA price.` : '. No SUPRA/USD price is known, so no dollar value.'}
      </p>
      <p className="mt-1 text-muted">{fee.note}</p>
    </div>
  );
}

/**
 * The one line a confirm step adds: the fee of the transaction `build` makes, asked when the step shows.
 * `feeKey` names that transaction (endpoint and inputs), e.g. ['swap', sender, from, to, amountIn, minOut].
 */
export function NetworkFeeFor({
  feeKey,
  build,
  enabled = true,
}: {
  feeKey: readonly unknown[];
  build: () => Promise<{ fee: Fee }>;
  enabled?: boolean;
}) {
  return <NetworkFee {...useNetworkFee(feeKey, build, enabled)} />;
}
