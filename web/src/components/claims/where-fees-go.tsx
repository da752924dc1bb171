import { AddressLink } from '@/components/ui/chain-link';
import { Claim } from '@/components/claims/claim';
import { formatExactUnits, formatInteger } from '@/lib/amounts';
import { useAppConfig } from '@/lib/config';
import { useBurnSources } from '@/lib/claims/use-burn-sources';
import { FEE_BPS, formatBps } from '@/lib/slots/paytable';
import type { BurnSourcesResponse } from '@/types/api';

type Sum = BurnSourcesResponse['bySells'];

const BURN_ROWS = [
  { key: 'bySells', label: 'Burned by sells', how: 'LUCKY sent to the burn address in a transaction that swaps on the exchange' },
  { key: 'byPlay', label: 'Burned by play', how: 'LUCKY sent to the burn address in a transaction that plays the slots' },
  { key: 'byFees', label: 'Burned by fees', how: 'LUCKY the slots fee collector sent to the burn address' },
  { key: 'byHolders', label: 'Burned by holders', how: 'every other burn: holders sending LUCKY to the burn address' },
] as const;

/**
 * "Where fees go" (/slots/fair and /stats): where a spin's fee and bet go, and the burns the
 * index has counted by what made them, each with the address it is read at. Every figure is
 * a sum of the chain's events (GET /api/v1/burns/sources).
 */
export function WhereFeesGo({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const q = useBurnSources();
  const net = useAppConfig().data?.network;
  const house = net?.modules.slots.split('::')[0] ?? '';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const d = q.data;
  return (
    <section aria-labelledby="where-fees-go" data-testid="where-fees-go" className="space-y-3">
      <Heading id="where-fees-go" className="font-display text-xl font-extrabold text-white">
        Where fees go
      </Heading>
      <p className="text-sm text-white/85">
        Each spin&apos;s bet is split on chain: {formatBps(FEE_BPS)} is a development fee (a fifth of it to the token&apos;s partner when one is
        set), and the rest goes to the slots house fund{house ? <> (<AddressLink address={house} />)</> : null}, which pays the prizes.
      </p>
      <p className="text-sm text-white/85">
        <Claim id="fair-fee" />
      </p>
      {q.isPending ? (
        <p className="text-sm text-muted">Reading the index…</p>
      ) : !d ? (
        <p className="text-sm text-muted">The burn figures come from the event index, which this server runs without.</p>
      ) : (
        <dl className="grid gap-2 sm:grid-cols-2">
          <Row label="Spin fees received" how="LUCKY the slots fee collector received from plays" sum={d.spinFees} data={d} at={d.feeCollector} />
          {BURN_ROWS.map((r) => (
            <Row key={r.key} label={r.label} how={r.how} sum={d[r.key]} data={d} at={d.burnAddress} />
          ))}
        </dl>
      )}
      {net?.devnet && (
        <p className="text-xs text-muted" data-testid="devnet-differs">
          This is a devnet: its exchange and slots contracts are emulations. Like Dexlyn&apos;s pools, its exchange burns nothing on a sell; its slots
          contract pays the fee to a fee collector of its own, where the live contract&apos;s is not published. The figures above are what this
          chain&apos;s events add up to, whatever the stated policy says.
        </p>
      )}
    </section>
  );
}

function Row({ label, how, sum, data, at }: { label: string; how: string; sum: Sum | null; data: BurnSourcesResponse; at: string | null }) {
  return (
    <div className="rounded-xl border border-white/10 bg-ink-900/70 p-3" data-testid="fees-row" data-label={label}>
      <dt className="text-[11px] font-bold tracking-[0.14em] text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-white/85">
        {sum && at ? (
          <>
            <strong className="font-mono text-base text-white" data-amount={sum.amount}>
              {formatExactUnits(sum.amount, data.decimals, 0)} {data.token}
            </strong>{' '}
            in {formatInteger(sum.transactions)} transaction{sum.transactions === 1 ? '' : 's'}
            <span className="block text-xs text-muted">
              {how}, at <AddressLink address={at} />
            </span>
          </>
        ) : (
          <span className="text-muted">Not measured on this network: the live contract&apos;s fee collector is not published.</span>
        )}
      </dd>
    </div>
  );
}
