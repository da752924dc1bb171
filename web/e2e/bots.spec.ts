import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

async function openSupraBot(page: Page) {
  await page.goto('/bots');
  await page.getByRole('button', { name: 'Supra Bot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supra Bot' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Description' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Functions' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Instructions / Commands' })).toBeVisible();
  await expect(dialog.getByText('/setminbuyusd')).toBeVisible();
  return dialog;
}

test('the bots page shows four bots, the subtitle, the footer and 40 dots @phone', async ({ page }) => {
  await page.goto('/bots');
  await expect(
    page.getByText('Seamless Telegram bots for real-time blockchain insights and customizable notifications.'),
  ).toBeVisible();
  for (const name of ['Supra Bot', 'Pump Buy Bot', 'NFT Mint Bot', 'Burn Bot']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByText('Crafted for the Supra community')).toBeVisible();
  const dots = page.getByTestId('floating-dots');
  await expect(dots).toHaveAttribute('aria-hidden', 'true');
  await expect(dots.locator('span')).toHaveCount(40);
});

test('the bot overlay closes by its close icon', async ({ page }) => {
  const dialog = await openSupraBot(page);
  await dialog.getByRole('button', { name: 'Close details' }).click();
  await expect(dialog).toBeHidden();
});

test('the bot overlay closes by its Close button', async ({ page }) => {
  const dialog = await openSupraBot(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('the bot overlay closes by a backdrop click', async ({ page }) => {
  const dialog = await openSupraBot(page);
  await page.getByTestId('modal-backdrop').click({ position: { x: 4, y: 4 } });
  await expect(dialog).toBeHidden();
});

test('the bot overlay closes on Escape', async ({ page }) => {
  const dialog = await openSupraBot(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('each bot says where it stands: no token runs here on devnet, Pump and NFT are a showcase, no guessed Telegram handle', async ({
  page,
  request,
}) => {
  const config = (await (await request.get('/api/v1/config')).json()) as { bots: Record<string, unknown> };
  expect(config.bots).toEqual({ suprabot: { status: 'off', username: null }, burnbot: { status: 'off', username: null } });
  await page.goto('/bots');
  const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });
  for (const name of ['Supra Bot', 'Burn Bot']) {
    await expect(card(name).getByTestId('bot-status')).toHaveText('Not running on this deployment yet');
  }
  for (const name of ['Pump Buy Bot', 'NFT Mint Bot']) {
    await expect(card(name).getByTestId('bot-status')).toHaveText('Showcase: its contract is not on chain yet');
  }
  await expect(page.getByRole('link', { name: / Bot on Telegram$/ })).toHaveCount(0);
  if (process.env.SCREENSHOTS) {
    await page.evaluate(() => document.querySelectorAll<HTMLElement>('aside.dw').forEach((e) => (e.style.display = 'none')));
    await page.screenshot({ path: `../docs/screenshots/bots-${test.info().project.name}.png`, fullPage: false });
  }
  const dialog = await openSupraBot(page);
  await expect(dialog.getByTestId('bot-status')).toHaveText('Not running on this deployment yet');
});
