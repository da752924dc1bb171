import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SectionHeading } from '@/components/ui/section-heading';
import { paths } from '@/lib/paths';

interface BotShot {
  id: string;
  name: string;
  text: string;
  image: string;
  alt: string;
  features: string[];
}

const bots: BotShot[] = [
  {
    id: 'buy',
    name: 'Buy Bot',
    text: 'Every LUCKY purchase, posted to Telegram within seconds: amount, value in SUPRA and USD, and a link to the transaction.',
    image: '/images/bots/buy-bot-screenshot.svg',
    alt: 'Telegram chat showing a Buy Bot alert for a new LUCKY purchase',
    features: ['Custom image and emoji per group', 'Minimum buy size filter', 'Optional clean-up of old alerts'],
  },
  {
    id: 'slots',
    name: 'Slots Bot',
    text: 'Live FRUIT SPIN FRENZY results straight from the chain: wins, jackpots and the tokens burned by every spin.',
    image: '/images/bots/slots-bot-screenshot.svg',
    alt: 'Telegram chat showing a Slots Bot message about a jackpot win',
    features: ['Every win with tier, symbols and prize', 'Follow one token or the whole casino', 'Proof of on-chain play, spin by spin'],
  },
];

export function TelegramBotsSection() {
  const [open, setOpen] = useState<BotShot | null>(null);
  return (
    <section aria-labelledby="bots-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <SectionHeading id="bots-title" kicker="Community tools" title="Our Telegram Bots">
        Bring the chain into your chat. Our bots watch Supra around the clock so your community never misses a buy or a
        big win.
      </SectionHeading>
      <div className="grid gap-6 md:grid-cols-2">
        {bots.map((b) => (
          <article key={b.id} className="flex flex-col gap-5 rounded-2xl border border-white/10 bg-ink-800/80 p-5 sm:flex-row">
            <button
              type="button"
              onClick={() => setOpen(b)}
              aria-label={`Tap to enlarge the ${b.name} screenshot`}
              className="group relative shrink-0 self-center overflow-hidden rounded-xl border border-neon-cyan/30 transition hover:border-neon-cyan sm:self-start"
            >
              <img src={b.image} alt={b.alt} width={180} height={320} loading="lazy" decoding="async" className="h-80 w-44 object-cover" />
              <span className="absolute inset-x-0 bottom-0 bg-ink-950/80 py-1.5 text-center text-xs font-bold text-neon-cyan opacity-90 group-hover:opacity-100">
                Tap to enlarge
              </span>
            </button>
            <div className="flex flex-col gap-3">
              <h3 className="font-display text-2xl font-extrabold text-white">{b.name}</h3>
              <p className="text-muted">{b.text}</p>
              <ul className="space-y-1.5 text-sm text-white/85">
                {b.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <span aria-hidden="true" className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-neon-green" />
                    {f}
                  </li>
                ))}
              </ul>
              <div className="mt-auto">
                <Link to={paths.bots} className={buttonClasses('secondary', 'sm')}>
                  Explore the bots
                </Link>
              </div>
            </div>
          </article>
        ))}
      </div>
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${open.name} screenshot` : ''}
        showCloseIcon={false}
        size="sm"
        footer={
          <Button variant="primary" onClick={() => setOpen(null)}>
            Close
          </Button>
        }
      >
        {open && (
          <img src={open.image} alt={open.alt} width={360} height={640} className="mx-auto h-auto max-h-[70vh] w-auto rounded-xl" />
        )}
      </Modal>
    </section>
  );
}
