import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { devAddress, sendBuilt } from './chain';

export function swapButton(page: Page) {
  return page.getByTestId('swap-main');
}

/** Connects through the swap page's main button (the dev wallet auto-approves). */
export async function connectOnSwap(page: Page) {
  await expect(swapButton(page)).toHaveText('Connect Wallet');
  await swapButton(page).click();
  await expect(swapButton(page)).toHaveText('Swap', { timeout: 15_000 });
}

/** Another trader's swap, built by the app's API and signed by the dev wallet of `account`. */
export async function swapViaApi(request: APIRequestContext, account: number, from: string, to: string, amountIn: string) {
  const sender = await devAddress(request, account);
  const built = await request.post('/api/v1/swap/build', { data: { sender, from, to, amountIn, minOut: '0' } });
  return (await sendBuilt(request, account, built)).hash;
}

export interface TxSwap {
  status: string;
  transactionCost: string;
  swap: { received: string; amountIn: string; coinOut: string } | null;
}

export async function txOf(request: APIRequestContext, hash: string): Promise<TxSwap> {
  const res = await request.get(`/api/v1/tx/${hash}?wait=30s`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as TxSwap;
}

/** The hash behind the success toast's explorer link (the app's own /tx/:hash on devnet). */
export async function toastHash(page: Page): Promise<string> {
  const href = await page.getByTestId('swap-success').getByRole('link').getAttribute('href');
  const m = /\/tx\/(0x[0-9a-f]{64})$/.exec(href ?? '');
  if (!m) throw new Error(`no tx link in the toast: ${href}`);
  return m[1]!;
}

/**
 * A screenshot for docs/screenshots: the swap card in view, the wallet's connect toasts dismissed.
 * Only with SCREENSHOTS=1, so a test run leaves the tracked PNGs alone.
 */
export async function shot(page: Page, name: string, project: string, opts: { keepToasts?: boolean } = {}) {
  if (!process.env.SCREENSHOTS) return;
  if (!opts.keepToasts) {
    const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
    // A toast may time out on its own while it is being clicked: try briefly, a few times.
    for (let i = 0; i < 5 && (await dismiss.count()) > 0; i++) await dismiss.first().click({ timeout: 1000 }).catch(() => {});
  } else {
    for (const text of ['Wallet connected successfully!', 'Devnet Connected']) {
      const t = page.getByRole('status').filter({ hasText: text });
      if ((await t.count()) > 0)
        await t
          .getByRole('button', { name: 'Dismiss notification' })
          .click({ timeout: 1000 })
          .catch(() => {});
    }
  }
  if ((page.viewportSize()?.width ?? 1440) >= 1024) {
    await page.evaluate(() => window.scrollTo(0, 0));
  } else {
    // On a phone the card does not fit under the page title: show the card.
    await page.getByRole('region', { name: 'Swap' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -90));
  }
  await page.screenshot({ path: `../docs/screenshots/swap-${name}-${project}.png`, fullPage: false });
}
