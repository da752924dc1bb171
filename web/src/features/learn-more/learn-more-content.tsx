import { useState, type ReactNode } from 'react';
import { Claim } from '@/components/claims/claim';
import { ExternalIcon } from '@/components/ui/icons';
import { ecosystem, EcosystemModal, toneText, type EcosystemType } from '@/components/ecosystem/ecosystem-info';
import { Button, buttonClasses } from '@/components/ui/button';
import { SectionHeading } from '@/components/ui/section-heading';
import { externalLinkProps, links } from '@/lib/links';

const steps: { title: string; text: ReactNode }[] = [
  {
    title: 'Staking for Stability',
    text: 'Holders lock SUPRA in the staking pool and earn daily rewards by APY tier. Locked coins stay out of the market for the lock window, which steadies it and rewards patience.',
  },
  {
    title: 'Games',
    text: (
      <>
        On-chain games like FRUIT SPIN FRENZY give LUCKY everyday utility. Every bet is a transaction and every result is public.{' '}
        <Claim id="learn-games" />
      </>
    ),
  },
  {
    title: 'Trading on External Exchanges',
    text: (
      <>
        LUCKY trades against SUPRA on Dexlyn. <Claim id="learn-sells" />
      </>
    ),
  },
];

const cards: EcosystemType[] = ['staking', 'games', 'trading'];

/** The page's sections and the ecosystem's dialog: loaded after the page's heading has painted. */
export function LearnMoreContent() {
  const [selected, setSelected] = useState<EcosystemType | null>(null);
  return (
    <>
      <section aria-labelledby="how-title" className="mb-16">
        <SectionHeading id="how-title" title="How It Works" />
        <ol className="grid gap-4 md:grid-cols-3">
          {steps.map((s, i) => (
            <li key={s.title} className="rounded-2xl border border-white/10 bg-ink-800/80 p-6">
              <span className="font-display text-4xl font-black text-gradient">{String(i + 1).padStart(2, '0')}</span>
              <h3 className="mt-2 font-display text-xl font-extrabold text-white">{s.title}</h3>
              <div className="mt-2 text-sm text-muted">{s.text}</div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="explore-title">
        <SectionHeading id="explore-title" title="Explore the Ecosystem" />
        <ul className="grid gap-4 md:grid-cols-3">
          {cards.map((t) => {
            const e = ecosystem[t];
            return (
              <li key={t} className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-ink-800/80 p-6">
                <span className={`inline-flex h-12 w-12 items-center justify-center rounded-xl border ${toneText[e.tone]}`}>{e.icon}</span>
                <h3 className="font-display text-xl font-extrabold text-white">{e.title}</h3>
                <p className="text-sm text-muted">{e.summary}</p>
                <Button variant="secondary" size="sm" className="mt-auto self-start" aria-haspopup="dialog" onClick={() => setSelected(t)}>
                  Learn More<span className="sr-only"> about {e.title}</span>
                </Button>
              </li>
            );
          })}
        </ul>
        <div className="mt-10 text-center">
          <a href={links.buy} className={buttonClasses('gold', 'lg')} {...externalLinkProps}>
            Buy
            <ExternalIcon size={18} />
          </a>
        </div>
      </section>
      <EcosystemModal type={selected} onClose={() => setSelected(null)} />
    </>
  );
}
