import { Link } from '@/components/ui/link';
import { ArrowRightIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { ShieldIcon } from '@/components/ui/content-icons';
import { listedGames } from '@/features/game-hub/games';

/** The games' cards and the fairness note: loaded after the page's heading has painted. */
export function GameHubContent() {
  return (
    <>
      <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        {listedGames.map((g) => (
          <li key={g.id}>
            <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-neon-pink/40 bg-ink-800/85 shadow-[0_0_40px_rgb(255_61_200/0.15)]">
              <div className="relative">
                <img src={g.image} alt={`${g.title} game art`} width={640} height={480} decoding="async" className="aspect-[4/3] w-full object-cover" />
                <div className="absolute top-3 left-3 flex gap-2">
                  {g.tags.map((t, i) => (
                    <Badge key={t} tone={i === 0 ? 'gold' : 'cyan'}>
                      {t}
                    </Badge>
                  ))}
                </div>
              </div>
              <div className="flex flex-1 flex-col gap-4 p-5">
                <div>
                  <p className="text-xs font-bold tracking-[0.2em] text-neon-cyan uppercase">Category: {g.category}</p>
                  <h2 className="mt-1 font-display text-2xl font-black text-white">{g.title}</h2>
                </div>
                <p className="text-sm text-muted">{g.description}</p>
                <dl className="grid grid-cols-2 gap-3 text-sm">
                  <div className="rounded-xl bg-ink-950/60 p-3">
                    <dt className="text-xs text-muted">Top prize</dt>
                    <dd className="font-display text-xl font-black text-neon-gold">{g.topPrize}</dd>
                  </div>
                  <div className="rounded-xl bg-ink-950/60 p-3">
                    <dt className="text-xs text-muted">Popularity</dt>
                    <dd className="mt-1">
                      <span className="font-display text-xl font-black text-neon-pink">{g.popularity}%</span>
                      <span
                        role="meter"
                        aria-label="Popularity"
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={g.popularity}
                        className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-white/10"
                      >
                        <span className="block h-full rounded-full bg-gradient-to-r from-neon-pink to-neon-gold" style={{ width: `${g.popularity}%` }} />
                      </span>
                    </dd>
                  </div>
                </dl>
                <Link to={g.route} className={buttonClasses('primary', 'md', 'mt-auto w-full')}>
                  Play Now
                  <ArrowRightIcon size={18} />
                </Link>
              </div>
            </article>
          </li>
        ))}
        <li className="flex min-h-64 flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-white/15 p-6 text-center text-muted">
          <p className="font-display text-lg font-extrabold text-white">More games loading…</p>
          <p className="text-sm">Cosmic Miners and new on-chain games are in the works.</p>
        </li>
      </ul>
      <p className="mx-auto mt-12 flex max-w-2xl items-center justify-center gap-2 text-center text-sm text-muted">
        <ShieldIcon size={18} className="shrink-0 text-neon-green" />
        All games are provably fair and run on the Supra chain: every bet and every result is a public transaction.
      </p>
    </>
  );
}
