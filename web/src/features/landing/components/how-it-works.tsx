import { SectionHeading } from '@/components/ui/section-heading';

const steps = [
  { title: 'Get a Wallet', text: 'Install the StarKey wallet, the browser wallet for Supra, and create your account in a minute.' },
  { title: 'Add SUPRA', text: 'Fund your wallet with SUPRA, the native coin of the chain, which pays for gas and trades.' },
  { title: 'Buy LUCKY', text: 'Swap SUPRA for LUCKY on Dexlyn or right here with the in-app swap.' },
  { title: 'Play & Stake', text: 'Spin FRUIT SPIN FRENZY, or stake SUPRA in the pool to earn daily rewards.' },
  { title: 'Watch It Burn', text: 'Burn LUCKY with the burn tool and get a certificate. Track every burn live on the dashboard.' },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <SectionHeading id="how-title" kicker="Get started" title="How It Works">
        From zero to your first spin in five steps.
      </SectionHeading>
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {steps.map((s, i) => (
          <li key={s.title} className="relative rounded-2xl border border-white/10 bg-ink-800/80 p-5">
            <span
              aria-hidden="true"
              className="mb-3 inline-flex h-10 w-10 items-center justify-center rounded-full bg-gradient-to-br from-neon-cyan to-neon-violet font-display font-black text-ink-950"
            >
              {i + 1}
            </span>
            <h3 className="font-display text-lg font-extrabold text-white">{s.title}</h3>
            <p className="mt-2 text-sm text-muted">{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
