import { GlobeIcon, TelegramIcon, XIcon } from '@/components/ui/icons';
import type { Bot } from '@/features/bots/bots';
import { externalLinkProps } from '@/lib/links';

const cls =
  'inline-flex h-9 w-9 items-center justify-center rounded-lg border border-white/15 text-white/85 transition hover:border-neon-cyan/70 hover:text-neon-cyan';

/** Telegram, website and X icon links; each shown only when the bot has it. */
export function BotLinks({ bot }: { bot: Bot }) {
  return (
    <div className="flex gap-2">
      {bot.telegram && (
        <a href={bot.telegram} aria-label={`${bot.name} on Telegram`} className={cls} {...externalLinkProps}>
          <TelegramIcon size={18} />
        </a>
      )}
      {bot.website && (
        <a href={bot.website} aria-label={`${bot.name} website`} className={cls} {...externalLinkProps}>
          <GlobeIcon size={18} />
        </a>
      )}
      {bot.x && (
        <a href={bot.x} aria-label={`${bot.name} on X`} className={cls} {...externalLinkProps}>
          <XIcon size={16} />
        </a>
      )}
    </div>
  );
}
