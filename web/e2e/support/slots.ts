import { expect, type Page } from '@playwright/test';

/** Whole tokens with 2 decimals (floored) from base units, as the game's messages print them. */
export function fmt2(units: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals);
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const cents = (abs * 100n) / base;
  return `${neg ? '-' : ''}${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

export function mainButton(page: Page) {
  return page.getByTestId('main-button');
}

/** Connects through the slot page's main button (the dev wallet auto-approves). */
export async function connectHere(page: Page) {
  await expect(mainButton(page)).toHaveText('Connect Wallet');
  await mainButton(page).click();
  await expect(mainButton(page)).toHaveText('Spin Now', { timeout: 15_000 });
}


/** One announcement of the game's result line and what the reels showed at that instant. */
export interface ResultRecord {
  id: string;
  type: string;
  text: string;
  /** The announced outcome's symbols ("cherry,cherry,cherry"), empty for news and errors. */
  symbols: string;
  /** The reels' accessible names when the announcement appeared. */
  reels: string[];
  /** The main button's text and whether the first reel was marked a winner, at that moment. */
  button: string;
  win0: boolean;
}

/**
 * Records every message of the result line together with the reels' accessible names in the same
 * DOM state (a MutationObserver runs before the next paint), so a test can check that the reels
 * showed exactly the announced outcome, even for results that are replaced 200 ms later in Turbo.
 */
export async function recordResults(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __slotLog: unknown[] };
    w.__slotLog = [];
    let lastId = '';
    const record = () => {
      const line = document.querySelector('[data-testid="result-line"]');
      const id = line?.getAttribute('data-notice') ?? '';
      if (!line || id === '' || id === lastId) return;
      lastId = id;
      w.__slotLog.push({
        id,
        type: line.getAttribute('data-type') ?? '',
        text: line.textContent ?? '',
        symbols: line.getAttribute('data-symbols') ?? '',
        reels: [0, 1, 2].map((i) => document.querySelector(`[data-testid="reel-${i}"]`)?.getAttribute('aria-label') ?? ''),
        button: document.querySelector('[data-testid="main-button"]')?.textContent ?? '',
        win0: document.querySelector('[data-testid="reel-0"]')?.getAttribute('data-win') === 'true',
      });
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

export async function resultLog(page: Page): Promise<ResultRecord[]> {
  return page.evaluate(() => (window as unknown as { __slotLog: ResultRecord[] }).__slotLog);
}

const LABEL: Record<string, string> = {
  cherry: 'Cherry',
  lemon: 'Lemon',
  watermelon: 'Watermelon',
  strawberry: 'Strawberry',
  banana: 'Banana',
  seven: 'Seven',
};

/** The reels' accessible names for symbols "cherry,lemon,seven". */
export function reelNames(symbols: string): string[] {
  return symbols.split(',').map((s, i) => `Reel ${i + 1}: ${LABEL[s] ?? s}`);
}

/** The three reels' accessible names, read through the accessibility tree. */
export async function reelLabels(page: Page): Promise<string[]> {
  const reels = page.getByRole('group', { name: 'Reels' }).getByRole('img', { name: /^Reel \d:/ });
  await expect(reels).toHaveCount(3);
  return Promise.all([0, 1, 2].map(async (i) => (await reels.nth(i).getAttribute('aria-label')) ?? ''));
}
