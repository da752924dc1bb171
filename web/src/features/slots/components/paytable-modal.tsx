import { Button } from '@/components/ui/button';
import { WarningIcon } from '@/components/ui/content-icons';
import { Modal } from '@/components/ui/modal';
import { FruitSymbolIcon } from '@/features/slots/components/fruit-symbol';
import { FEE_BPS, formatBps, formatMultiplier, paytableFigures, TIERS } from '@/lib/slots/paytable';

const figures = paytableFigures();

/** "Paytable & Game Guide": tiers with odds, and the figures computed from them. */
export function PaytableModal({ open, onClose, potWarning }: { open: boolean; onClose: () => void; potWarning?: string | null }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Paytable & Game Guide"
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-5 text-sm">
        <div className="overflow-x-auto rounded-xl border border-white/10">
          <table className="w-full min-w-[28rem] text-left">
            <caption className="sr-only">Prize tiers</caption>
            <thead className="bg-white/5 text-xs tracking-wider text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">Tier</th>
                <th scope="col" className="px-3 py-2">Symbols</th>
                <th scope="col" className="px-3 py-2 text-right">Pays</th>
                <th scope="col" className="px-3 py-2 text-right">Chance</th>
              </tr>
            </thead>
            <tbody>
              {TIERS.slice()
                .reverse()
                .map((t) => (
                  <tr key={t.index} className="border-t border-white/5">
                    <th scope="row" className="px-3 py-2 font-bold text-white">
                      {t.name}
                      {t.mulTenths > 0 && t.mulTenths < 10 && (
                        <span className="ml-2 rounded-full bg-white/10 px-2 py-0.5 text-[10px] font-semibold text-muted uppercase">
                          partial return
                        </span>
                      )}
                    </th>
                    <td className="px-3 py-2">
                      {t.symbol ? (
                        <span className="flex items-center gap-0.5" aria-label={t.description}>
                          <FruitSymbolIcon symbol={t.symbol} size={24} />
                          <FruitSymbolIcon symbol={t.symbol} size={24} />
                          <FruitSymbolIcon symbol={t.symbol} size={24} />
                        </span>
                      ) : (
                        <span className="text-muted">Mixed symbols</span>
                      )}
                    </td>
                    <td className={`px-3 py-2 text-right font-mono font-bold ${t.mulTenths >= 10 ? 'text-neon-gold' : 'text-white/80'}`}>
                      {formatMultiplier(t.mulTenths)}
                    </td>
                    <td className="px-3 py-2 text-right font-mono">{formatBps(t.bps)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>

        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Odds computed from the tier table">
          <Figure label="Win chance" value={formatBps(figures.winChanceBps)} hint="any prize (multiplier above 0)" />
          <Figure label="Profit chance" value={formatBps(figures.profitChanceBps)} hint="prize above your bet (above 1x)" />
          <Figure label="Return to player" value={formatBps(figures.rtpBps)} hint="Σ chance × multiplier, of the amount wagered" />
        </dl>

        <ul className="list-disc space-y-1.5 pl-5 text-muted">
          <li>
            <strong className="text-white">Tiny (0.5x) and Small (0.8x) return less than the bet.</strong> They count as wins
            above, but you get back only part of what you bet.
          </li>
          <li>
            A development fee of {formatBps(FEE_BPS).replace('.00', '')} is taken from each bet (bet 10 → 9.5 to the house pot,
            0.5 fee). Prizes are paid on the full bet per spin.
          </li>
          <li>The figures above are computed from the contract&apos;s own tier table, not hard-coded claims.</li>
          <li>
            One transaction plays 1 to 1000 spins. The total bet may not exceed 5x the house pot of the token. Results are
            drawn on chain and replayed here; every play links to its transaction.
          </li>
          <li>Turbo speeds the replay up 10x; Skip jumps straight to the total.</li>
        </ul>

        {potWarning && (
          <p role="note" className="flex items-start gap-2 rounded-xl border border-neon-gold/50 bg-neon-gold/10 p-3 text-neon-gold">
            <WarningIcon size={18} className="mt-0.5 shrink-0" />
            <span>{potWarning}</span>
          </p>
        )}
      </div>
    </Modal>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="rounded-xl border border-white/10 bg-ink-900/70 p-3">
      <dt className="text-xs tracking-wider text-muted uppercase">{label}</dt>
      <dd className="mt-1 font-mono text-2xl font-black text-white">{value}</dd>
      <dd className="mt-1 text-xs text-muted">{hint}</dd>
    </div>
  );
}
