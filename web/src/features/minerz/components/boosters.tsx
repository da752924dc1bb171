import { DEFAULT_BOOSTER_IMAGE, slug, type Booster } from '@/features/minerz/utils/game';
import { GameImage } from './game-image';

/** Stellar Boosters: owned booster items, or 'No stellar boosters acquired!'. */
export function Boosters({ boosters }: { boosters: Booster[] }) {
  return (
    <section aria-labelledby="boosters-title" className="rounded-2xl border border-white/10 bg-ink-800/85 p-5">
      <h2 id="boosters-title" className="font-display text-xl font-extrabold text-white">
        Stellar Boosters
      </h2>
      {boosters.length === 0 ? (
        <p className="mt-3 text-muted">No stellar boosters acquired!</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {boosters.map((b) => (
            <li key={b.id} className="flex items-center gap-3 rounded-xl border border-neon-pink/30 bg-ink-900/70 p-3">
              <GameImage src={`/images/nfts/${slug(b.name)}.svg`} fallback={DEFAULT_BOOSTER_IMAGE} alt="" size={44} />
              <div className="min-w-0">
                <p className="truncate font-bold text-white">{b.name}</p>
                <p className="text-sm text-neon-green">Boost: +{b.boost.toString()}%</p>
                <p className="text-xs text-muted">Owned: {b.count.toString()}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
