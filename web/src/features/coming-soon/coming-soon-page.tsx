import { LuckyLogo } from '@/components/brand/lucky-logo';
import { buttonClasses } from '@/components/ui/button';
import { TelegramIcon, XIcon } from '@/components/ui/icons';
import { externalLinkProps, links } from '@/lib/links';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The one placeholder screen shared by /rockpaper, /cyberslots, /coming-soon, /nft-rewards, and /staking and /earn where the network has no staking pool. */
export function ComingSoonPage() {
  useDocumentTitle('Mainnet Coming Soon');
  return (
    <div className="mx-auto flex min-h-[70vh] max-w-3xl flex-col items-center justify-center px-4 py-16 text-center">
      <div className="mb-8 rounded-full shadow-[0_0_80px_rgb(255_61_200/0.35)] motion-safe:animate-bob">
        <LuckyLogo size={120} />
      </div>
      <h1 className="font-display text-4xl font-black tracking-tight text-gradient sm:text-6xl">Mainnet Coming Soon</h1>
      <p className="mt-5 text-lg text-white/90">We are working on something amazing!</p>
      <div className="mt-10 w-full max-w-xl rounded-2xl border border-white/10 bg-ink-800/80 p-6">
        <h2 className="font-display text-xl font-extrabold text-white">Stay Updated</h2>
        <p className="mt-2 text-sm text-muted">Be the first to know when it goes live.</p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <a href={links.x} className={buttonClasses('secondary', 'md')} {...externalLinkProps}>
            <XIcon size={16} />
            Follow on X
          </a>
          <a href={links.telegram} className={buttonClasses('primary', 'md')} {...externalLinkProps}>
            <TelegramIcon size={18} />
            Join Telegram
          </a>
        </div>
      </div>
      <p className="mt-10 flex items-center gap-2 text-sm text-muted">
        Powered by
        <a href={links.supra} className="font-black tracking-[0.2em] text-white hover:text-neon-cyan" {...externalLinkProps}>
          SUPRA
        </a>
      </p>
    </div>
  );
}
