import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BotLinks, BotStatusLine, botStatus } from '@/features/bots/bot-links';
import { bots } from '@/features/bots/bots';

const supra = bots.find((b) => b.id === 'suprabot')!;
const pump = bots.find((b) => b.id === 'pumpbuybot')!;

describe('bot status and links', () => {
  it('links a running bot to its username from the config, safely', () => {
    const status = botStatus(supra, { suprabot: 'lucky_supra_bot', burnbot: null });
    expect(status).toEqual({ state: 'running', username: 'lucky_supra_bot' });
    render(
      <>
        <BotStatusLine status={status} />
        <BotLinks bot={supra} status={status} />
      </>,
    );
    expect(screen.getByTestId('bot-status')).toHaveTextContent('@lucky_supra_bot on Telegram');
    const link = screen.getByRole('link', { name: 'Supra Bot on Telegram' });
    expect(link).toHaveAttribute('href', 'https://t.me/lucky_supra_bot');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('never guesses a handle: a bot without a username, or a showcase bot, has no Telegram link', () => {
    for (const [bot, usernames, text] of [
      [supra, { suprabot: null, burnbot: null }, 'Not running on this deployment yet'],
      [supra, undefined, 'Not running on this deployment yet'],
      [pump, { suprabot: 'x_bot', pumpbuybot: 'pump_bot' }, 'Showcase: its contract is not on chain yet'],
    ] as const) {
      const status = botStatus(bot, usernames);
      const { unmount } = render(
        <>
          <BotStatusLine status={status} />
          <BotLinks bot={bot} status={status} />
        </>,
      );
      expect(screen.getByTestId('bot-status')).toHaveTextContent(text);
      expect(screen.queryByRole('link', { name: `${bot.name} on Telegram` })).toBeNull();
      unmount();
    }
  });
});
