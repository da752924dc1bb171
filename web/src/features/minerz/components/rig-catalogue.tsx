import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { fmt2Grouped, formatInteger } from '@/lib/amounts';
import { plural } from '@/lib/format';
import { DEFAULT_MINER_IMAGE, MINE_DECIMALS, slug, type Rig } from '@/features/minerz/utils/game';
import { GameImage } from './game-image';
import { levelStyle } from './levels';

interface Props {
  rigs: Rig[];
  balance: bigint | null;
  loading: boolean;
  /** Any action in flight (every Launch Rig button is disabled). */
  busy: boolean;
  /** The rig being bought, when one is. */
  buyingId: string | null;
  onLaunch: (rig: Rig) => void;
}

/** Starship Rigs: the catalogue; Launch Rig is dimmed and disabled when MINE < cost, while loading or busy. */
export function RigCatalogue({ rigs, balance, loading, busy, buyingId, onLaunch }: Props) {
  return (
    <section aria-labelledby="rigs-title">
      <h2 id="rigs-title" className="font-display text-2xl font-extrabold text-white">
        Starship Rigs
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {rigs.map((rig) => {
          const s = levelStyle(rig.level);
          const affordable = balance !== null && balance >= rig.cost;
          const buying = buyingId === rig.id;
          return (
            <li key={rig.id} data-testid={`rig-${slug(rig.name)}`} className={`relative overflow-hidden rounded-2xl border ${s.ring} bg-ink-800/90 p-5`}>
              <div aria-hidden="true" className={`pointer-events-none absolute inset-x-0 top-0 h-24 bg-gradient-to-b ${s.bar}`} />
              <div className="relative flex items-center gap-4">
                <GameImage src={`/images/miners/${slug(rig.name)}.svg`} fallback={DEFAULT_MINER_IMAGE} alt="" size={64} />
                <div>
                  <h3 className="font-display text-lg font-extrabold text-white">{rig.name}</h3>
                  <p className={`text-sm font-bold ${s.text}`}>{rig.level}</p>
                </div>
              </div>
              <dl className="relative mt-4 grid grid-cols-3 gap-2 text-center">
                <div className="rounded-lg bg-ink-950/70 p-2">
                  <dt className="text-xs text-muted">Cost</dt>
                  <dd className="font-bold text-white tabular-nums">{fmt2Grouped(rig.cost, MINE_DECIMALS)}</dd>
                  <dd className="text-[11px] text-muted">MINE</dd>
                </div>
                <div className="rounded-lg bg-ink-950/70 p-2">
                  <dt className="text-xs text-muted">Output</dt>
                  <dd className="font-bold text-neon-green tabular-nums">{fmt2Grouped(rig.dailyOutput, MINE_DECIMALS)}</dd>
                  <dd className="text-[11px] text-muted">MINE/day</dd>
                </div>
                <div className="rounded-lg bg-ink-950/70 p-2">
                  <dt className="text-xs text-muted">Power</dt>
                  <dd className="font-bold text-neon-violet tabular-nums">{formatInteger(rig.power)}</dd>
                  <dd className="text-[11px] text-muted">{plural(rig.power, 'unit')}</dd>
                </div>
              </dl>
              <Button
                variant="primary"
                className={`relative mt-4 w-full ${affordable ? '' : 'opacity-40'}`}
                disabled={!affordable || loading || busy}
                aria-label={`Launch Rig: ${rig.name}`}
                onClick={() => onLaunch(rig)}
              >
                {buying ? <Spinner size={18} label="Launching" /> : null}
                {buying ? 'Launching...' : 'Launch Rig'}
              </Button>
              {!loading && !affordable && balance !== null && (
                <p className="relative mt-2 text-center text-xs text-muted">Insufficient MINE tokens!</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
