import { TelegramIcon, XIcon } from '@/components/ui/icons';
import { GlobeIcon } from '@/components/ui/content-icons';
import type { Bot } from '@/features/bots/bots';
import { externalLinkProps } from '@/lib/links';
import type { BotState } from '@/types/api';

const cls =
  'inline-flex h-9 w-9 items-center justify-center rounded-lg border border-white/15 text-white/85 transition hover:border-neon-cyan/70 hover:text-neon-cyan';

/**
 * Where a bot stands for this deployment: its Telegram username from the server's config (never a
 * guessed handle); "unavailable" while the server cannot reach Telegram (it retries); "not running"
 * for a bot the app has but no token runs; "showcase" for a bot whose contract is not on chain yet.
 */
export type BotStatus =
  | { state: 'running'; username: string }
  | { state: 'unavailable' }
  | { state: 'off' }
  | { state: 'showcase' };

export function botStatus(bot: Bot, states: Record<string, BotState> | undefined): BotStatus {
  if (bot.kind === 'showcase') return { state: 'showcase' };
  const s = states?.[bot.id];
  if (s?.status === 'running' && s.username) return { state: 'running', username: s.username };
  if (s?.status === 'unavailable') return { state: 'unavailable' };
  return { state: 'off' };
}

/** Whether a bot the app runs is waiting for Telegram (the page then asks again now and then). */
export function anyUnavailable(states: Record<string, BotState> | undefined): boolean {
  return Object.values(states ?? {}).some((s) => s.status === 'unavailable');
}

const statusText: Record<BotStatus['state'], string> = {
  running: '',
  unavailable: 'Temporarily unavailable: we can’t reach Telegram',
  off: 'Not running on this deployment yet',
  showcase: 'Showcase: its contract is not on chain yet',
};

const statusDot: Record<BotStatus['state'], string> = {
  running: 'bg-neon-green',
  unavailable: 'bg-neon-pink',
  off: 'bg-neon-gold',
  showcase: 'bg-white/40',
};

export function BotStatusLine({ status }: { status: BotStatus }) {
  const text = status.state === 'running' ? `@${status.username} on Telegram` : statusText[status.state];
  const dot = statusDot[status.state];
  return (
    <p className="flex items-center gap-2 text-xs font-semibold text-white/80" data-testid="bot-status">
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${dot}`} />
      {text}
    </p>
  );
}

/** Telegram (only when the bot runs), website and X icon links; each shown only when the bot has it. */
export function BotLinks({ bot, status }: { bot: Bot; status: BotStatus }) {
  return (
    <div className="flex gap-2">
      {status.state === 'running' && (
        <a href={`https://t.me/${status.username}`} aria-label={`${bot.name} on Telegram`} className={cls} {...externalLinkProps}>
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
