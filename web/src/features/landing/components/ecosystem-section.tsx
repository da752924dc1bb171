import { Suspense, useState } from 'react';
import { ecosystem, ecosystemOrder, EcosystemModal, toneText, type EcosystemType } from '@/components/ecosystem/ecosystem-info';
import { SectionHeading } from '@/components/ui/section-heading';
import { Spinner } from '@/components/ui/spinner';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

// The staking card's live figures read the server: they load when that card is opened.
const StakingFigures = lazyWithQueries(() => import('@/components/staking/staking-figures').then((m) => m.StakingFigures));

export function EcosystemSection() {
  const [selected, setSelected] = useState<EcosystemType | null>(null);
  return (
    <section aria-labelledby="ecosystem-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <SectionHeading id="ecosystem-title" kicker="The LUCKY ecosystem" title="One Token, Five Ways to Play">
        Everything in LuckyCoin is built around LUCKY and runs on Supra. Tap a card to learn how each piece works.
      </SectionHeading>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {ecosystemOrder.map((type) => {
          const e = ecosystem[type];
          return (
            <li key={type}>
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => setSelected(type)}
                className="group flex h-full w-full flex-col items-start gap-3 rounded-2xl border border-white/10 bg-ink-800/80 p-5 text-left transition hover:-translate-y-1 hover:border-neon-pink/60 hover:shadow-[0_0_30px_rgb(255_61_200/0.2)]"
              >
                <span className={`inline-flex h-12 w-12 items-center justify-center rounded-xl border ${toneText[e.tone]}`}>
                  {e.icon}
                </span>
                <span className="font-display text-xl font-extrabold text-white">{e.title}</span>
                <span className="text-sm text-muted">{e.summary}</span>
                <span className="mt-auto pt-2 text-sm font-bold text-neon-cyan group-hover:underline">Learn more</span>
              </button>
            </li>
          );
        })}
      </ul>
      <EcosystemModal
        type={selected}
        onClose={() => setSelected(null)}
        extra={
          selected === 'staking' ? (
            <Suspense fallback={<Spinner label="Loading the staking figures" className="text-neon-cyan" />}>
              <StakingFigures />
            </Suspense>
          ) : undefined
        }
      />
    </section>
  );
}
