import { Link } from '@/components/ui/link';
import { ArrowRightIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { SLOT_ODDS } from '@/lib/slots/paytable';

export function SlotsSpotlight() {
  return (
    <section aria-labelledby="spotlight-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <div className="grid overflow-hidden rounded-3xl border border-neon-pink/40 bg-gradient-to-br from-ink-700 via-ink-800 to-ink-900 shadow-[0_0_60px_rgb(255_61_200/0.18)] md:grid-cols-2">
        <div className="flex flex-col justify-center gap-5 p-7 sm:p-10">
          <div className="flex gap-2">
            <Badge tone="gold">New</Badge>
            <Badge tone="pink">Slots</Badge>
          </div>
          <h2 id="spotlight-title" className="font-display text-4xl font-black tracking-tight text-white sm:text-5xl">
            FRUIT SPIN <span className="text-gradient">FRENZY</span>
          </h2>
          <p className="text-lg text-muted">
            Three reels, seven prize tiers and a {SLOT_ODDS.topPrize} Super Jackpot. Bet SUPRA, LUCKY or a community token, queue up to
            1000 spins in one transaction and watch every result land on chain.
          </p>
          <ul className="grid grid-cols-3 gap-3 text-center">
            <li className="rounded-xl bg-ink-950/60 p-3">
              <span className="block font-display text-2xl font-black text-neon-gold">{SLOT_ODDS.topPrize}</span>
              <span className="block text-xs leading-tight text-muted">Super Jackpot</span>
            </li>
            <li className="rounded-xl bg-ink-950/60 p-3">
              <span className="block font-display text-2xl font-black text-neon-cyan">{SLOT_ODDS.winChance}</span>
              <span className="block text-xs leading-tight text-muted">Win chance</span>
            </li>
            <li className="rounded-xl bg-ink-950/60 p-3">
              <span className="block font-display text-2xl font-black text-neon-pink">1000</span>
              <span className="block text-xs leading-tight text-muted">Spins per tx</span>
            </li>
          </ul>
          <div>
            <Link to={paths.slots} className={buttonClasses('primary', 'lg')}>
              Play Now
              <ArrowRightIcon size={18} />
            </Link>
          </div>
        </div>
        <div className="relative order-first aspect-[4/3] bg-ink-950/40 md:order-none md:aspect-auto">
          <img
            src="/images/games/fruit-spin-frenzy.svg"
            alt="FRUIT SPIN FRENZY slot machine showing three sevens"
            width={640}
            height={480}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 h-full w-full object-cover"
          />
        </div>
      </div>
    </section>
  );
}
