import { lazy, Suspense, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { TelegramIcon, XIcon } from '@/components/ui/icons';
import { PageFrame } from '@/components/ui/page-frame';
import { TELEGRAM_URL, X_URL } from '@/lib/community-links';

// The claims (lib/claims/claims.ts) and their measured figures load after the page has painted.
const BurnClaims = lazy(() => import('./whitepaper-claims').then((m) => ({ default: m.BurnClaims })));
const SupplyClaim = lazy(() => import('./whitepaper-claims').then((m) => ({ default: m.SupplyClaim })));

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-white/10 bg-ink-800/80 p-6 sm:p-8">
      <h2 id={id} className="font-display text-2xl font-black text-white">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-muted">{children}</div>
    </section>
  );
}

const tokenomics = [
  { label: 'Total supply', value: '1,000,000,000' },
  { label: 'Decimals', value: '6' },
  { label: 'Ticker', value: 'LCKT' },
  { label: 'Chain', value: 'Supra L1' },
];

const phases = [
  { name: 'Launch', text: 'Token creation, first liquidity on Dexlyn, community channels and the burn tool.' },
  { name: 'Growth', text: 'On-chain games, Telegram bots and the staking pool bring daily utility and new holders.' },
  { name: 'Expansion', text: 'More games, multi-token betting, token tools and partnerships across the Supra ecosystem.' },
  { name: 'Maturity', text: 'A self-sustaining token driven by its community, with governance over the roadmap.' },
];

export function WhitepaperPage() {
  return (
    <PageFrame title="LuckyCoin Whitepaper" subtitle="A community token with real on-chain utility on Supra L1.">
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        <Section id="wp-intro" title="Introduction">
          <p>
            LuckyCoin began as a simple idea: a meme token that people actually use. Instead of relying on hype alone,
            LUCKY powers on-chain games, rewards holders who stake, and lets anyone take tokens out of circulation for good
            by burning them.
          </p>
          <p>
            It lives on Supra L1, a fast, low-fee chain, so a spin, a swap or a stake confirms in seconds and costs
            fractions of a cent.
          </p>
        </Section>

        <Section id="wp-tech" title="Technical Framework">
          <h3 className="font-display text-lg font-extrabold text-neon-gold">Burn mechanism</h3>
          <Suspense fallback={<p className="min-h-40">…</p>}>
            <BurnClaims />
          </Suspense>
          <h3 className="font-display text-lg font-extrabold text-neon-cyan">Staking system</h3>
          <p>
            Holders lock SUPRA, the chain's native coin, in a staking pool contract and earn daily rewards based on their
            APY tier. Staked coins are out of the market for as long as they stay in the pool.
          </p>
          <h3 className="font-display text-lg font-extrabold text-neon-pink">Gaming ecosystem</h3>
          <p>
            Games such as FRUIT SPIN FRENZY run as smart contracts. Bets, outcomes and prizes are recorded on chain, so
            every payout is publicly verifiable against the paytable (see How Fair Is This? on the slots page).
          </p>
        </Section>

        <Section id="wp-tokenomics" title="Tokenomics">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {tokenomics.map((t) => (
              <div key={t.label} className="rounded-xl bg-ink-950/60 p-4 text-center first:col-span-2 sm:first:col-span-1">
                <dt className="text-xs tracking-wide uppercase">{t.label}</dt>
                <dd className="mt-1 font-display text-lg font-black text-white lg:text-xl">{t.value}</dd>
              </div>
            ))}
          </dl>
          <Suspense fallback={<p className="min-h-6">…</p>}>
            <SupplyClaim />
          </Suspense>
        </Section>

        <Section id="wp-roadmap" title="Roadmap">
          <ol className="grid gap-4 sm:grid-cols-2">
            {phases.map((p, i) => (
              <li key={p.name} className="rounded-xl border border-white/10 bg-ink-950/50 p-4">
                <p className="text-xs font-bold tracking-[0.2em] text-neon-cyan uppercase">Phase {i + 1}</p>
                <h3 className="mt-1 font-display text-lg font-extrabold text-white">{p.name}</h3>
                <p className="mt-1 text-sm">{p.text}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="wp-conclusion" title="Conclusion">
          <p>
            LuckyCoin combines the fun of a community meme token with the discipline of a fixed supply and the
            transparency of on-chain games.
          </p>
        </Section>

        {/* The handles from lib/community-links.ts, which the shell has loaded: lib/links.ts would
            add a chunk to this page's first load. */}
        <div className="flex flex-wrap justify-center gap-3 pt-4">
          <a href={TELEGRAM_URL} className={buttonClasses('primary', 'lg')} target="_blank" rel="noopener noreferrer">
            <TelegramIcon size={18} />
            Join Telegram
          </a>
          <a href={X_URL} className={buttonClasses('secondary', 'lg')} target="_blank" rel="noopener noreferrer">
            <XIcon size={16} />
            Follow on X
          </a>
        </div>
      </div>
    </PageFrame>
  );
}
