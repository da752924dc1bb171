import { TelegramIcon, XIcon } from '@/components/ui/icons';
import { TELEGRAM_URL, X_URL } from '@/lib/community-links';

const iconLink =
  'inline-flex h-10 w-10 items-center justify-center rounded-xl border border-white/15 text-white/85 transition hover:border-neon-pink/60 hover:text-neon-pink';

export function SocialLinks({ className = '' }: { className?: string }) {
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <a href={TELEGRAM_URL} aria-label="LuckyCoin Telegram chat" className={iconLink} target="_blank" rel="noopener noreferrer">
        <TelegramIcon />
      </a>
      <a href={X_URL} aria-label="LuckyCoin on X" className={iconLink} target="_blank" rel="noopener noreferrer">
        <XIcon size={18} />
      </a>
    </div>
  );
}
