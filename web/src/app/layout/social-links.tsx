import { TelegramIcon, XIcon } from '@/components/ui/icons';
import { externalLinkProps, links } from '@/lib/links';

const iconLink =
  'inline-flex h-10 w-10 items-center justify-center rounded-xl border border-white/15 text-white/85 transition hover:border-neon-pink/60 hover:text-neon-pink';

export function SocialLinks({ className = '' }: { className?: string }) {
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <a href={links.telegram} aria-label="LuckyCoin Telegram chat" className={iconLink} {...externalLinkProps}>
        <TelegramIcon />
      </a>
      <a href={links.x} aria-label="LuckyCoin on X" className={iconLink} {...externalLinkProps}>
        <XIcon size={18} />
      </a>
    </div>
  );
}
