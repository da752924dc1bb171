import { buttonClasses } from '@/components/ui/button';
import { TelegramIcon, ExternalIcon } from '@/components/ui/icons';
import { externalLinkProps, links } from '@/lib/links';

export function ReadyToJoin() {
  return (
    <section aria-labelledby="join-title" className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
      <div className="relative overflow-hidden rounded-3xl border border-neon-gold/40 bg-gradient-to-br from-ink-700 to-ink-900 p-8 text-center shadow-[0_0_60px_rgb(255_201_64/0.15)] sm:p-12">
        <h2 id="join-title" className="font-display text-4xl font-black tracking-tight text-white sm:text-5xl">
          Ready to Join?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-muted">
          Grab your LUCKY, say hello to the community in the chat, and take your first spin.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href={links.buy} className={buttonClasses('gold', 'lg')} {...externalLinkProps}>
            BUY NOW
            <ExternalIcon size={18} />
          </a>
          <a href={links.telegram} className={buttonClasses('secondary', 'lg')} {...externalLinkProps}>
            <TelegramIcon size={18} />
            JOIN COMMUNITY
          </a>
        </div>
      </div>
    </section>
  );
}
