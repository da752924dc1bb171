import { CHANGES_CHAIN, expect, test } from './fixtures';
import { useDevWallet } from './support/dev-wallet';
import { balance, devAddress, LUCKY } from './support/chain';
import { connectOnSwap, swapButton } from './support/swap';

/**
 * Keyboard focus through a transaction: the button a player pressed keeps focus while it is busy
 * and after (a disabled button hands focus to <body>, so the next Tab starts from the top of the
 * page); every text field shows a focus ring.
 */

const activeTestId = (page: import('@playwright/test').Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

test(`Swap pressed from the keyboard keeps focus through the swap ${CHANGES_CHAIN}`, async ({ page, request }) => {
  test.setTimeout(60_000);
  const addr = await devAddress(request, 2);
  await useDevWallet(page, { autoApprove: true, account: 2 });
  await page.goto('/swap');
  await connectOnSwap(page);
  const l0 = await balance(request, addr, LUCKY);
  await page.getByLabel('You Pay').fill('10');
  await expect(page.getByLabel('You Receive')).not.toHaveValue('');
  await expect(swapButton(page)).toHaveText('Swap');
  await expect(swapButton(page)).toBeEnabled();
  await swapButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('swap-success')).toBeVisible({ timeout: 20_000 });
  await expect(swapButton(page)).toHaveText('Swap');
  expect(await activeTestId(page)).toBe('swap-main');
  expect((await balance(request, addr, LUCKY)) - l0).toBeGreaterThan(0n);
});

test('text fields show a visible focus ring', async ({ page }) => {
  for (const [path, label] of [
    ['/slots/lucky', 'Bet Amount'],
    ['/slots/lucky', 'Number of Spins'],
  ] as const) {
    await page.goto(path);
    const field = page.getByLabel(label);
    await field.focus();
    const outline = await field.evaluate((e) => {
      const s = getComputedStyle(e);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(outline.style, `${label} outline`).not.toBe('none');
    expect(outline.width, `${label} outline width`).toBeGreaterThanOrEqual(2);
  }
  await page.goto('/swap');
  const pay = page.getByLabel('You Pay');
  await pay.focus();
  expect(await pay.evaluate((e) => getComputedStyle(e).outlineStyle)).not.toBe('none');
});

test('the token picker opens with focus in its search box; arrows and Enter pick a token', async ({ page }) => {
  await page.goto('/slots');
  await page.getByRole('button', { name: /Select token/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Token' });
  await expect(dialog.getByPlaceholder('Search by name...')).toBeFocused();
  await page.keyboard.type('luc');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('button', { name: /^LUCKY \(min bet/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('selected-token')).toHaveText('LUCKY');
  await page.getByRole('button', { name: /Select token/ }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
