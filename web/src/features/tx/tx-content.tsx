import type { ReactNode } from 'react';
import { ExplorerAnchor } from '@/components/ui/chain-link';
import { addressLink } from '@/lib/links';
import { formatUnits } from '@/lib/amounts';
import { useAppConfig } from '@/lib/config';
import { useTxDetail } from '@/features/tx/api/use-tx-detail';
import { TxLoading } from '@/features/tx/tx-loading';
import type { PlayDecoded, TxDetail } from '@/types/api';

const TIER_NAMES = ['No Win', 'Tiny', 'Small', 'Medium', 'High', 'Jackpot', 'Super Jackpot'];
const NATIVE_DECIMALS = 8;

/** The transaction's details, read from GET /api/v1/tx/{hash}: loaded after the page's heading has painted, with React Query. */
export function TxContent({ hash }: { hash: string }) {
  const tx = useTxDetail(hash);
  if (tx.isPending) return <TxLoading />;
  if (tx.isError) {
    return (
      <p role="alert" className="panel p-6 text-muted">
        {tx.error.message}
      </p>
    );
  }
  return <Detail d={tx.data} />;
}

function Detail({ d }: { d: TxDetail }) {
  const config = useAppConfig();
  const tokens = config.data?.tokens ?? [];
  const network = config.data?.network;
  const tokenOf = (coinType: string) => tokens.find((t) => t.coinType === coinType);
  const play = d.play;
  const fmtCoin = (amount: string | undefined | null, coinType: string) => {
    const t = tokenOf(coinType);
    const v = toBig(amount);
    if (v === null) return '—';
    return t ? `${formatUnits(v, t.decimals, Math.min(t.decimals, 6), { grouping: true })} ${t.name}` : `${v} (base units)`;
  };
  const statusTone =
    d.status === 'Success' ? 'border-neon-green/60 text-neon-green' : d.status === 'Failed' ? 'border-red-400/70 text-red-300' : 'border-neon-gold/60 text-neon-gold';
  const cost = toBig(d.transactionCost);
  return (
    <div className="space-y-6">
      <section className="panel p-4 sm:p-6" aria-label="Summary">
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <span className={`rounded-full border px-3 py-1 text-sm font-black tracking-wide ${statusTone}`} data-testid="tx-status">
            {d.status}
          </span>
          {d.vmStatus && <span className="text-sm text-muted">{d.vmStatus}</span>}
        </div>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Row label="Sender" mono>
            {d.sender ? (
              <ExplorerAnchor link={addressLink(network, d.sender)} className="text-neon-cyan hover:underline">
                {d.sender}
              </ExplorerAnchor>
            ) : (
              '—'
            )}
          </Row>
          <Row label="Sequence number">{d.sequenceNumber ?? '—'}</Row>
          <Row label="Gas used">{d.gasUsed ?? '—'} / max {d.maxGasAmount ?? '—'}</Row>
          <Row label="Gas unit price">{d.gasUnitPrice ?? '—'}</Row>
          <Row label="Transaction cost">{cost === null ? '—' : `${formatUnits(cost, NATIVE_DECIMALS, 8)} SUPRA`}</Row>
          <Row label="Confirmed">{fmtTime(d.txConfirmationTime)}</Row>
          <Row label="Expires">{fmtTime(d.txExpirationTimestamp)}</Row>
          <Row label="Block">{d.blockNumber ?? '—'}</Row>
        </dl>
      </section>

      {play && <PlayCard play={play} decimals={tokenOf(play.tokenType)?.decimals ?? 0} tokenName={tokenOf(play.tokenType)?.name ?? play.token} />}

      {d.transactionInsights?.coinChange && d.transactionInsights.coinChange.length > 0 && (
        <section className="panel p-4 sm:p-6" aria-labelledby="tx-coins">
          <h2 id="tx-coins" className="mb-3 font-display text-lg font-extrabold text-white">
            Coin changes {d.transactionInsights.type ? <span className="text-sm font-normal text-muted">({d.transactionInsights.type})</span> : null}
          </h2>
          <ul className="space-y-1 text-sm">
            {d.transactionInsights.coinChange.map((c) => (
              <li key={c.coinType} className="flex justify-between gap-3">
                <span className="truncate text-muted">{tokenOf(c.coinType)?.name ?? c.coinType}</span>
                <span className={`font-mono ${c.amount.startsWith('-') ? 'text-red-300' : 'text-neon-green'}`}>
                  {c.amount.startsWith('-') ? '' : '+'}
                  {fmtCoin(c.amount, c.coinType)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="panel p-4 sm:p-6" aria-labelledby="tx-events">
        <h2 id="tx-events" className="mb-3 font-display text-lg font-extrabold text-white">
          Events ({d.events?.length ?? 0})
        </h2>
        {(d.events ?? []).length === 0 ? (
          <p className="text-sm text-muted">No events.</p>
        ) : (
          <ol className="space-y-3">
            {(d.events ?? []).map((e, i) => (
              <li key={i} className="rounded-xl border border-white/10 bg-ink-950/60 p-3">
                <div className="mb-2 font-mono text-xs break-all text-neon-cyan">{e.type}</div>
                <pre className="max-h-64 overflow-auto text-xs whitespace-pre-wrap break-all text-white/80">{JSON.stringify(e.data, null, 2)}</pre>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function PlayCard({ play, decimals, tokenName }: { play: PlayDecoded; decimals: number; tokenName: string }) {
  const bet = toBig(play.betPerSpin) ?? 0n;
  const spins = BigInt(play.numberOfSpins || '0');
  const total = toBig(play.totalPrize) ?? 0n;
  const wagered = bet * spins;
  const net = total - wagered;
  const f = (v: bigint) => formatUnits(v, decimals, 2, { grouping: true });
  const shown = play.spinResults.slice(0, 200);
  return (
    <section className="panel p-4 sm:p-6" aria-labelledby="tx-play">
      <h2 id="tx-play" className="mb-3 font-display text-lg font-extrabold text-white">
        Slot play
      </h2>
      <dl className="mb-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Row label="Bet per spin">{f(bet)} {tokenName}</Row>
        <Row label="Spins">{String(spins)}</Row>
        <Row label="Wagered">{f(wagered)} {tokenName}</Row>
        <Row label="Total won">
          <span className="text-neon-gold">{f(total)} {tokenName}</span>
        </Row>
        <Row label="Net">
          <span className={net >= 0n ? 'text-neon-green' : 'text-red-300'}>
            {net > 0n ? '+' : ''}
            {f(net)} {tokenName}
          </span>
        </Row>
      </dl>
      <ol className="grid grid-cols-2 gap-1.5 text-xs sm:grid-cols-4" aria-label="Spin results">
        {shown.map((r, i) => (
          <li key={i} className={`flex justify-between rounded-lg border px-2 py-1 ${r.tierIndex > 0 ? 'border-neon-gold/40 text-white' : 'border-white/10 text-muted'}`}>
            <span>#{i + 1} {TIER_NAMES[r.tierIndex] ?? r.tierIndex}</span>
            <span className="font-mono">{f(toBig(r.prizeWon) ?? 0n)}</span>
          </li>
        ))}
      </ol>
      {play.spinResults.length > shown.length && (
        <p className="mt-2 text-xs text-muted">…and {play.spinResults.length - shown.length} more spins.</p>
      )}
    </section>
  );
}

function Row({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-[10px] font-bold tracking-[0.18em] text-muted uppercase">{label}</dt>
      <dd className={`mt-0.5 text-white ${mono ? 'font-mono text-xs break-all' : ''}`}>{children}</dd>
    </div>
  );
}

function toBig(v: string | null | undefined): bigint | null {
  if (v === null || v === undefined || !/^-?\d+$/.test(v)) return null;
  return BigInt(v);
}

/** Microseconds since the epoch → local date and time. */
function fmtTime(us: string | null | undefined): string {
  const v = toBig(us);
  if (v === null) return '—';
  return new Date(Number(v / 1000n)).toLocaleString();
}
