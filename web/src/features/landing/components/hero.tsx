import { Link } from '@/components/ui/link';
import { ArrowRightIcon, ExternalIcon } from '@/components/ui/icons';
import { LuckyLogo } from '@/components/brand/lucky-logo';
import { externalLinkProps, links } from '@/lib/links';
import { paths } from '@/lib/paths';

// The large gold and secondary buttons' look (components/ui/button.tsx) without that module: the
// hero is the home page's first load, which has no other use for it.
const heroButton =
  'inline-flex h-13 min-w-40 items-center justify-center gap-2 rounded-xl px-7 text-base font-bold tracking-wide whitespace-nowrap ' +
  'transition duration-150 select-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan ';
const goldButton =
  heroButton +
  'bg-gradient-to-r from-neon-gold to-[#ff9f1c] text-ink-950 shadow-[0_0_24px_rgb(255_201_64/0.35)] hover:brightness-110 hover:shadow-[0_0_32px_rgb(255_201_64/0.55)] active:brightness-95';
const secondaryButton =
  heroButton + 'border border-neon-cyan/70 bg-neon-cyan/10 text-neon-cyan hover:bg-neon-cyan/20 hover:shadow-[0_0_24px_rgb(46_230_255/0.35)]';

const stats = [
  { value: '1B', label: 'Total supply' },
  { value: import.meta.env.SLOT_WIN_CHANCE, label: 'Slot win chance' },
  { value: import.meta.env.SLOT_TOP_PRIZE, label: 'Top slot prize' },
];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 pt-12 pb-16 sm:px-6 md:grid-cols-[1.25fr_1fr] md:pt-20 md:pb-24">
        <div className="text-center md:text-left">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-neon-cyan/40 bg-neon-cyan/10 px-3 py-1 text-xs font-bold tracking-[0.2em] text-neon-cyan uppercase">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-neon-green shadow-[0_0_10px_#3dff9a]" />
            Live on Supra L1
          </p>
          <h1 id="hero-title" className="font-display font-black tracking-tight">
            <span className="block text-2xl tracking-[0.3em] text-white/90 sm:text-3xl">WELCOME TO</span>
            <span className="mt-2 block text-5xl leading-none text-gradient min-[400px]:text-6xl sm:text-7xl lg:text-8xl">LUCKYCOIN</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-muted md:mx-0">
            The meme token of the Supra chain. Spin on-chain slots whose every result is public, stake for daily rewards,
            and burn LUCKY at an address no one can spend from.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3 md:justify-start">
            <a href={links.buy} className={goldButton} {...externalLinkProps}>
              BUY
              <ExternalIcon size={18} />
            </a>
            <Link to={`${paths.swap}?from=SUPRA&to=LUCKY`} className={secondaryButton}>
              Swap here
              <ArrowRightIcon size={18} />
            </Link>
            <Link to={paths.whitepaper} className={secondaryButton}>
              WHITEPAPER
              <ArrowRightIcon size={18} />
            </Link>
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-3 md:max-w-md">
            {stats.map((s) => (
              <div key={s.label} className="rounded-xl border border-white/10 bg-ink-800/70 px-3 py-3 text-center">
                <dt className="text-[11px] font-semibold tracking-wide text-muted uppercase">{s.label}</dt>
                <dd className="font-display text-2xl font-black text-neon-gold">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="relative mx-auto hidden aspect-square w-full max-w-sm md:block" aria-hidden="true">
          <div className="absolute inset-6 rounded-full bg-neon-pink/25 blur-3xl" />
          <div className="absolute inset-16 rounded-full bg-neon-cyan/20 blur-2xl" />
          <div className="relative flex h-full items-center justify-center">
            <div className="rounded-full p-2 shadow-[0_0_80px_rgb(255_201_64/0.35)] motion-safe:animate-bob">
              <LuckyLogo size={300} />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
