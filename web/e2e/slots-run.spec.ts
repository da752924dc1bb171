import type { Page } from '@playwright/test';
import { CHANGES_CHAIN, expect, test } from './fixtures';
import { useDevWallet } from './support/dev-wallet';
import { devAddress, forceOutcomes } from './support/chain';
import { connectHere, fmt2, mainButton, recordResults, resultLog } from './support/slots';
import { formatExactUnits } from '../src/lib/amounts';

/**
 * FRUIT SPIN FRENZY as a whole run and at a keyboard: a play of several spins ends on its summary
 * (equal to its PlayEvent, read from the chain through the API), the ticker is one tab stop, Spin
 * Now is a few Tabs from the top and keeps focus, and it fits the screen with the whole reels.
 */

const activeTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? '');

/** Spin Now and the three reels lie inside the viewport, below the sticky header. */
async function expectGameInView(page: Page) {
  const boxes = await page.evaluate(() => {
    const box = (e: Element | null) => {
      const r = e?.getBoundingClientRect();
      return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
    };
    return {
      header: box(document.querySelector('header')),
      main: box(document.querySelector('[data-testid="main-button"]')),
      reels: [0, 1, 2].map((i) => box(document.querySelector(`[data-testid="reel-${i}"]`))),
      width: window.innerWidth,
      height: window.innerHeight,
    };
  });
  for (const [name, b] of [['Spin Now', boxes.main], ...boxes.reels.map((r, i) => [`reel ${i + 1}`, r] as const)] as const) {
    expect(b, name).not.toBeNull();
    expect(b!.top, `${name} top below the header`).toBeGreaterThanOrEqual(boxes.header!.bottom);
    expect(b!.bottom, `${name} bottom inside the viewport`).toBeLessThanOrEqual(boxes.height);
    expect(b!.left, `${name} left`).toBeGreaterThanOrEqual(0);
    expect(b!.right, `${name} right`).toBeLessThanOrEqual(boxes.width);
  }
}

/**
 * Presses Tab from the top of the page until Spin Now has focus (Enter on "Skip to content", the
 * page's first stop, as a keyboard user does); returns the Tab presses and what each one reached.
 */
async function tabToSpin(page: Page): Promise<{ tabs: number; path: string[] }> {
  expect(await page.evaluate(() => document.activeElement === document.body && window.scrollY === 0)).toBe(true);
  const path: string[] = [];
  for (let tabs = 1; tabs <= 40; tabs++) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate(() => {
      const e = document.activeElement as HTMLElement | null;
      if (!e) return '';
      const inTicker = !!e.closest('[data-testid="spins-ticker"]');
      return `${inTicker ? 'ticker:' : ''}${e.getAttribute('data-testid') ?? e.getAttribute('aria-label') ?? e.textContent?.trim().slice(0, 24) ?? e.tagName}`;
    });
    path.push(here);
    if (here === 'main-button') return { tabs, path };
    if (here === 'Skip to content') await page.keyboard.press('Enter');
  }
  return { tabs: Infinity, path };
}

test.describe('slots at a keyboard and on one screen', () => {
  test('from the top of /slots Spin Now is at most 8 Tab presses away; the ticker is one stop with arrow keys @phone', async ({ page }) => {
    test.setTimeout(60_000);
    await useDevWallet(page, { autoApprove: true, account: 1 });
    // The ticker full of other players' plays, as on a busy day (the test server starts without a past).
    await page.route('**/api/v1/slots/feed?*', (route) =>
      route.fulfill({
        json: {
          indexedHeight: '1',
          headHeight: '1',
          plays: Array.from({ length: 12 }, (_, i) => ({
            player: `0x${(i + 1).toString(16).padStart(64, '0')}`,
            token: 'SUPRA',
            coinType: '0x1::supra_coin::SupraCoin',
            betPerSpin: '10000000',
            numberOfSpins: '1',
            wagered: '10000000',
            won: i % 2 ? '0' : '15000000',
            tiers: [i % 2 ? 0 : 3],
            txHash: `0x${(i + 1).toString(16).padStart(64, 'a')}`,
            height: '1',
            time: '2026-01-01T00:00:00Z',
          })),
        },
      }),
    );
    await page.goto('/slots/lucky');
    await connectHere(page);
    // From the top of a fresh page (connecting moved focus to the button): the wallet reconnects.
    await page.reload();
    await expect(mainButton(page)).toHaveText('Spin Now', { timeout: 15_000 });
    await expect(page.getByTestId('feed-play')).toHaveCount(12, { timeout: 15_000 });
    const { tabs, path } = await tabToSpin(page);
    console.log(`[keyboard] ${tabs} Tab presses to Spin Now: ${path.join(' → ')}`);
    expect(tabs, path.join(' → ')).toBeLessThanOrEqual(8);
    expect(path.filter((p) => p.startsWith('ticker:')), 'the ticker is one tab stop').toHaveLength(1);

    // Inside the ticker the arrow keys move between its players; Tab leaves it.
    const links = page.getByTestId('spins-ticker').getByRole('link');
    await links.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(links.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(links.first()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="spins-ticker"]'))).toBe(false);
    // Shift+Tab comes back to the player it left, still one stop.
    await page.keyboard.press('Shift+Tab');
    await expect(links.nth(1)).toBeFocused();
  });

  test('Spin Now and all three reels are inside the viewport, connected or not @phone', async ({ page }) => {
    await useDevWallet(page, { autoApprove: true, account: 1 });
    await page.goto('/slots');
    await expect(mainButton(page)).toHaveText('Connect Wallet');
    await expect(page.getByTestId('chip-balance-value')).toHaveText('—');
    await expectGameInView(page);
    await connectHere(page);
    // Connected, the network fee line sits under Spin Now: the button stays in view.
    await expect(page.getByTestId('network-fee-line')).toBeVisible({ timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectGameInView(page);
  });
});

// Real plays with forced outcomes: @state holds the chain lock from snapshot to revert, so this
// runs at both widths without sharing the forced-outcome queue.
test.describe('slots: a run of spins', { tag: CHANGES_CHAIN }, () => {
  // Two Jackpots, two partial returns, a Medium, and a loss last: the run won, its last spin did not.
  const TIERS = [0, 5, 1, 0, 5, 2, 0, 0, 3, 0];

  test('a 10-spin Turbo play without Skip ends on a summary equal to its PlayEvent; focus stays on Spin Now @phone', async ({ page, request }) => {
    test.setTimeout(120_000);
    await recordResults(page);
    await useDevWallet(page, { autoApprove: true, account: 0 });
    await page.goto('/slots/lucky');
    await connectHere(page);
    await page.getByLabel('Number of Spins').fill('10');
    await expect(page.getByTestId('total-bet')).toHaveText('100.00 LUCKY');
    await page.getByRole('switch', { name: 'Turbo' }).click();
    await forceOutcomes(request, TIERS);
    await mainButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(mainButton(page)).toHaveText(/Spinning/);
    await expect(mainButton(page)).toHaveText('Spin Now', { timeout: 60_000 });
    expect(await activeTestId(page)).toBe('main-button');

    // Every spin was replayed (no Skip): ten results announced, then the run's summary.
    const log = await resultLog(page);
    const spins = log.filter((r) => ['win', 'partial', 'lose'].includes(r.type) && r.symbols !== '');
    expect(spins.map((r) => r.text.split('!')[0])).toEqual(['No Win This Time', 'Jackpot', 'Tiny', 'No Win This Time', 'Jackpot', 'Small', 'No Win This Time', 'No Win This Time', 'Medium', 'No Win This Time']);

    // The chain's own account of the play, through the API's tx endpoint.
    const summary = page.getByTestId('run-summary');
    await expect(summary).toBeVisible();
    const href = await summary.getByRole('link', { name: 'Transaction' }).getAttribute('href');
    const hash = href!.split('/').pop()!;
    const tx = (await (await request.get(`/api/v1/tx/${hash}`)).json()) as {
      status: string;
      play: { player: string; betPerSpin: string; numberOfSpins: string; totalPrize: string; spinResults: { tierIndex: number; prizeWon: string }[] };
    };
    expect(tx.status).toBe('Success');
    expect(tx.play.player).toBe(await devAddress(request, 0));
    expect(tx.play.spinResults.map((r) => r.tierIndex)).toEqual(TIERS);
    const wagered = BigInt(tx.play.betPerSpin) * BigInt(tx.play.numberOfSpins);
    const won = BigInt(tx.play.totalPrize);
    const net = won - wagered;
    expect(wagered).toBe(100_000_000n);

    await expect(summary.getByTestId('run-wagered')).toHaveAttribute('data-units', String(wagered));
    await expect(summary.getByTestId('run-won')).toHaveAttribute('data-units', String(won));
    await expect(summary.getByTestId('run-net')).toHaveAttribute('data-units', String(net));
    await expect(summary.getByTestId('run-wagered')).toHaveText(formatExactUnits(wagered, 6));
    await expect(summary.getByTestId('run-won')).toHaveText(formatExactUnits(won, 6));
    await expect(summary.getByTestId('run-net')).toHaveText(`${net > 0n ? '+' : net < 0n ? '−' : ''}${formatExactUnits(net < 0n ? -net : net, 6)}`);
    await expect(summary.getByTestId('run-counts')).toHaveText('10 spins, 3 wins, 2 partial returns');
    await expect(summary.getByTestId('run-best')).toHaveText('Best hit: Jackpot 100.00 LUCKY (spin 2)');
    // The per-spin list is each spin's tier and prize, as the event has them.
    const rows = await summary.getByTestId('run-spin').evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-tier')), e.getAttribute('data-prize')]));
    expect(rows).toEqual(tx.play.spinResults.map((r) => [r.tierIndex, r.prizeWon]));
    await expect(summary.getByTestId('run-spin').nth(1)).toContainText('Jackpot');
    await expect(summary.getByTestId('run-spin').nth(1)).toContainText('100.00');

    // The last spin's message does not stand for the run.
    const line = page.getByTestId('result-line');
    await expect(line).toHaveText(`10 spins, 3 wins, 2 partial returns: Total Won ${fmt2(won, 6)} LUCKY of ${fmt2(wagered, 6)} LUCKY bet, net +${fmt2(net, 6)} LUCKY`);
    await expect(line).toHaveAttribute('data-type', 'win');
    await expect(page.getByTestId('chip-total-won-value')).toHaveText(fmt2(won, 6));

    // The live feed keeps the run's totals.
    await expect
      .poll(async () => {
        const feed = (await (await request.get('/api/v1/slots/feed?limit=20')).json()) as { plays: { txHash: string; won: string; wagered: string; numberOfSpins: string }[] };
        const p = feed.plays.find((x) => x.txHash === hash);
        return p ? [p.won, p.wagered, p.numberOfSpins] : null;
      })
      .toEqual([String(won), String(wagered), '10']);

    // After the run the game is still on one screen.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectGameInView(page);
  });
});
