import type { Locator, Page } from '@playwright/test';
import { CHANGES_CHAIN, expect, test } from './fixtures';
import { LUCKY, SUPRA, devAddress, setBalance } from './support/chain';
import { useDevWallet } from './support/dev-wallet';

/** The field shows its whole value (nothing scrolled out of it) and ends before `next` begins. */
async function fitsBefore(field: Locator, next: Locator) {
  const m = await field.evaluate((el: HTMLInputElement) => ({ scroll: el.scrollWidth, client: el.clientWidth, right: el.getBoundingClientRect().right }));
  expect(m.scroll, 'the whole value is visible in the field').toBeLessThanOrEqual(m.client);
  const box = await next.boundingBox();
  expect(m.right).toBeLessThanOrEqual(box!.x + 0.5);
}

async function connectOn(page: Page, path: string) {
  await page.addInitScript(() => localStorage.setItem('devWallet.connected', '1'));
  await page.goto(path);
  await expect(page.getByRole('button', { name: /^Wallet 0x/ })).toBeVisible({ timeout: 15_000 });
}

test.describe('large amounts', { tag: CHANGES_CHAIN }, () => {
  test('a balance of 74,887,312.24653100 SUPRA and its quote fit beside the token buttons, whole on hover and focus @phone', async ({ page, request }) => {
    const me = await devAddress(request, 2);
    await setBalance(request, me, SUPRA, 7_488_731_224_653_100n);
    await useDevWallet(page, { autoApprove: true, account: 2 });
    await connectOn(page, '/swap');
    const balance = page.getByTestId('pay-balance');
    await expect(balance).toContainText('74,887,312.24');
    await expect(balance).toHaveAttribute('title', '74,887,312.24 SUPRA');

    // The whole balance is more than the pool holds (the quote would be refused); 100,000.12345678
    // SUPRA is as long on screen and buys millions of LUCKY.
    const pay = page.getByLabel('You Pay');
    await pay.fill('100000.12345678');
    await expect(pay).toHaveAttribute('title', '100000.12345678');
    await fitsBefore(pay, page.getByTestId('pay-token'));

    const receive = page.getByLabel('You Receive');
    await expect(receive).toHaveValue(/^\d{1,3}(,\d{3}){2,}\.\d+$/, { timeout: 15_000 });
    const out = await receive.inputValue();
    await expect(receive).toHaveAttribute('title', out);
    await fitsBefore(receive, page.getByTestId('receive-token'));
    // Reachable by keyboard: Tab from the flip button lands on the preview, read whole.
    await page.getByRole('button', { name: 'Flip direction' }).focus();
    await page.keyboard.press('Tab');
    await expect(receive).toBeFocused();
  });
});

test('typing past the balance on /burn says Capped at … once, not once per keystroke', { tag: CHANGES_CHAIN }, async ({ page, request }) => {
  const me = await devAddress(request, 1);
  await setBalance(request, me, LUCKY, 50_000_000_000n);
  await useDevWallet(page, { autoApprove: true, account: 1 });
  await connectOn(page, '/burn');
  await expect(page.getByTestId('burn-balance')).toHaveText('50,000.00 LUCKY');
  await page.getByLabel('Amount to burn').pressSequentially('6000000');
  await expect(page.getByLabel('Amount to burn')).toHaveValue('50000');
  await expect(page.getByText('Input exceeds balance. Capped at 50,000 LUCKY.')).toHaveCount(1);
});
