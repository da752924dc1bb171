import { PolicyClaim } from '@/components/claims/policy-claim';
import { SectionHeading } from '@/components/ui/section-heading';
import type { ReactNode } from 'react';

const items: { title: string; text: ReactNode; done: boolean }[] = [
  {
    title: 'Concept Creation',
    text: (
      <>
        A community meme token with real utility: games and staking. <PolicyClaim id="landing-roadmap-concept" />
      </>
    ),
    done: true,
  },
  { title: 'Token Creation', text: 'LUCKY minted on Supra L1: 1,000,000,000 tokens, fully on chain.', done: true },
  {
    title: 'External Liquidity',
    text: (
      <>
        LUCKY/SUPRA liquidity on the Dexlyn exchange. <PolicyClaim id="landing-roadmap-liquidity" />
      </>
    ),
    done: true,
  },
  { title: 'Games with the Token', text: 'FRUIT SPIN FRENZY live with LUCKY bets, Cosmic Miners and more games on the way.', done: false },
];

export function Roadmap() {
  return (
    <section aria-labelledby="roadmap-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <SectionHeading id="roadmap-title" kicker="Where we are going" title="Our Roadmap" />
      <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        {items.map((it, i) => (
          <li
            key={it.title}
            className={`relative overflow-hidden rounded-2xl border bg-ink-800/80 p-6 ${
              it.done ? 'border-neon-green/35' : 'border-neon-pink/50 shadow-[0_0_30px_rgb(255_61_200/0.15)]'
            }`}
          >
            <span className="font-display text-5xl font-black text-gradient">{String(i + 1).padStart(2, '0')}</span>
            <h3 className="mt-3 font-display text-xl font-extrabold text-white">{it.title}</h3>
            <p className="mt-2 text-sm text-muted">{it.text}</p>
            <p className={`mt-4 text-xs font-bold tracking-[0.2em] uppercase ${it.done ? 'text-neon-green' : 'text-neon-pink'}`}>
              {it.done ? 'Completed' : 'In progress'}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
