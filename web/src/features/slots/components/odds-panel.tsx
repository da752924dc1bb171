import { FEE_BPS, formatBps, formatMultiplier, paytableFigures, TIERS } from '@/lib/slots/paytable';
import { FruitSymbolIcon } from '@/features/slots/components/fruit-symbol';

const f = paytableFigures();

/** Honest odds at a glance, computed from the contract's tier table. */
export function OddsPanel() {
  return (
    <section aria-labelledby="odds-title" className="panel p-4 sm:p-5">
      <h2 id="odds-title" className="font-display text-lg font-extrabold tracking-wide text-white">
        The Odds, Plainly
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        <Fig label="Win chance" value={formatBps(f.winChanceBps)} />
        <Fig label="Profit chance" value={formatBps(f.profitChanceBps)} />
        <Fig label="RTP" value={formatBps(f.rtpBps)} />
      </dl>
      <ul className="mt-4 space-y-1.5" aria-label="Prizes">
        {TIERS.slice(1)
          .reverse()
          .map((t) => (
            <li key={t.index} className="flex items-center gap-2 text-sm">
              <span className="flex shrink-0" aria-hidden="true">
                <FruitSymbolIcon symbol={t.symbol!} size={20} />
                <FruitSymbolIcon symbol={t.symbol!} size={20} />
                <FruitSymbolIcon symbol={t.symbol!} size={20} />
              </span>
              <span className="flex-1 truncate text-white">{t.name}</span>
              <span className={`font-mono font-bold ${t.mulTenths >= 10 ? 'text-neon-gold' : 'text-muted'}`}>{formatMultiplier(t.mulTenths)}</span>
              <span className="w-14 text-right font-mono text-xs text-muted">{formatBps(t.bps)}</span>
            </li>
          ))}
      </ul>
      <p className="mt-3 text-xs leading-relaxed text-muted">
        Tiny and Small pay back less than the bet. {formatBps(FEE_BPS).replace('.00', '')} of each bet is the development fee.
      </p>
    </section>
  );
}

function Fig({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-white/10 bg-ink-900/70 px-1 py-2">
      <dt className="text-[10px] font-bold tracking-[0.14em] text-muted uppercase">{label}</dt>
      <dd className="font-mono text-base font-black text-white">{value}</dd>
    </div>
  );
}
