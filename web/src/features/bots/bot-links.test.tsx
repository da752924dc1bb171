import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BotLinks, BotStatusLine, anyUnavailable, botStatus } from '@/features/bots/bot-links';
import { bots, type Bot } from '@/features/bots/bots';
import type { BotState } from '@/types/api';

const off: BotState = { status: 'off', username: null };
const supra = bots.find((b) => b.id === 'suprabot')!;
const pump = bots.find((b) => b.id === 'pumpbuybot')!;

describe('bot status and links', () => {
  it('links a running bot to its username from the config, safely', () => {
    const status = botStatus(supra, { suprabot: { status: 'running', username: 'lucky_supra_bot' }, burnbot: off });
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
    for (const [bot, states, text] of [
      [supra, { suprabot: off, burnbot: off }, 'Not running on this deployment yet'],
      [supra, undefined, 'Not running on this deployment yet'],
      [supra, { suprabot: { status: 'unavailable', username: null }, burnbot: off }, 'Temporarily unavailable: we can’t reach Telegram'],
      [pump, { suprabot: { status: 'running', username: 'x_bot' }, pumpbuybot: { status: 'running', username: 'pump_bot' } }, 'Showcase: its contract is not on chain yet'],
    ] satisfies [Bot, Record<string, BotState> | undefined, string][]) {
      const status = botStatus(bot, states);
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

  it('asks for the config again only while a bot waits for Telegram', () => {
    expect(anyUnavailable({ suprabot: { status: 'unavailable', username: null }, burnbot: off })).toBe(true);
    expect(anyUnavailable({ suprabot: { status: 'running', username: 'a_bot' }, burnbot: off })).toBe(false);
    expect(anyUnavailable(undefined)).toBe(false);
  });
});
