import { fmt2Grouped, formatInteger } from '@/lib/amounts';
import { DEFAULT_MINER_IMAGE, MINE_DECIMALS, slug, type FleetRig } from '@/features/minerz/utils/game';
import { GameImage } from './game-image';
import { levelStyle } from './levels';

/** Your Galactic Fleet: a table on desktop, cards on mobile; Output = daily output × count. */
export function Fleet({ fleet, loading }: { fleet: FleetRig[]; loading: boolean }) {
  return (
    <section aria-labelledby="fleet-title" className="rounded-2xl border border-white/10 bg-ink-800/85 p-5">
      <h2 id="fleet-title" className="font-display text-2xl font-extrabold text-white">
        Your Galactic Fleet
      </h2>
      {loading ? (
        <p className="mt-3 animate-pulse text-muted">Scanning fleet...</p>
      ) : fleet.length === 0 ? (
        <p className="mt-3 text-muted">No rigs in your fleet yet!</p>
      ) : (
        <>
          <table data-testid="fleet-table" className="mt-4 hidden w-full text-left md:table">
            <thead>
              <tr className="border-b border-white/10 text-xs tracking-widest text-muted uppercase">
                <th scope="col" className="py-2 font-bold">Rig</th>
                <th scope="col" className="py-2 text-right font-bold">Count</th>
                <th scope="col" className="py-2 text-right font-bold">Power</th>
                <th scope="col" className="py-2 text-right font-bold">Output</th>
              </tr>
            </thead>
            <tbody>
              {fleet.map((f) => (
                <tr key={f.id} className="border-b border-white/5 last:border-0">
                  <td className="py-3">
                    <span className="flex items-center gap-3">
                      <GameImage src={`/images/miners/${slug(f.name)}.svg`} fallback={DEFAULT_MINER_IMAGE} alt="" size={36} />
                      <span>
                        <span className="block font-bold text-white">{f.name}</span>
                        <span className={`text-xs font-bold ${levelStyle(f.level).text}`}>{f.level}</span>
                      </span>
                    </span>
                  </td>
                  <td className="py-3 text-right font-bold text-white tabular-nums">{formatInteger(f.count)}</td>
                  <td className="py-3 text-right text-neon-violet tabular-nums">{formatInteger(f.power * f.count)}</td>
                  <td className="py-3 text-right text-neon-green tabular-nums">
                    {fmt2Grouped(f.dailyOutput * f.count, MINE_DECIMALS)} MINE/day
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul data-testid="fleet-cards" className="mt-4 grid gap-3 md:hidden">
            {fleet.map((f) => (
              <li key={f.id} className={`rounded-xl border ${levelStyle(f.level).ring} bg-ink-900/70 p-4`}>
                <div className="flex items-center gap-3">
                  <GameImage src={`/images/miners/${slug(f.name)}.svg`} fallback={DEFAULT_MINER_IMAGE} alt="" size={40} />
                  <div className="min-w-0 flex-1">
                    <p className="font-bold text-white">{f.name}</p>
                    <p className={`text-xs font-bold ${levelStyle(f.level).text}`}>{f.level}</p>
                  </div>
                  <span className="rounded-full bg-white/10 px-3 py-1 text-sm font-bold text-white">×{formatInteger(f.count)}</span>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                  <div>
                    <dt className="text-muted">Power</dt>
                    <dd className="font-bold text-neon-violet tabular-nums">{formatInteger(f.power * f.count)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted">Output</dt>
                    <dd className="font-bold text-neon-green tabular-nums">{fmt2Grouped(f.dailyOutput * f.count, MINE_DECIMALS)} MINE/day</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
