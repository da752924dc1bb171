import { expect, test } from './fixtures';

test('hero: BUY opens the exchange in a new tab, WHITEPAPER goes to /whitepaper', async ({ page }) => {
  await page.goto('/');
  const buy = page.getByRole('link', { name: 'BUY', exact: true });
  await expect(buy).toHaveAttribute('href', /^https:\/\/app\.dexlyn\.com\/swap\?from=0x1::supra_coin::SupraCoin&to=0x4205c8.*::LUCKY::LUCKY$/);
  await expect(buy).toHaveAttribute('target', '_blank');
  await expect(buy).toHaveAttribute('rel', 'noopener noreferrer');
  await page.getByRole('link', { name: 'WHITEPAPER', exact: true }).click();
  await expect(page).toHaveURL('/whitepaper');
});

for (const card of ['Staking', 'Games', 'Trading', 'Buy Bot', 'Slots Bot']) {
  test(`ecosystem card ${card} opens its modal and Close closes it`, async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: new RegExp(`^${card}\\b`) });
    await button.click();
    const dialog = page.getByRole('dialog', { name: card });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });
}

test('landing sections are all present @phone', async ({ page }) => {
  await page.goto('/');
  for (const name of ['Our Telegram Bots', 'How It Works', 'Our Roadmap', 'Ready to Join?']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  for (const item of ['Concept Creation', 'Token Creation', 'External Liquidity', 'Games with the Token']) {
    await expect(page.getByRole('heading', { level: 3, name: item })).toBeVisible();
  }
  await expect(page.getByText('01', { exact: true })).toBeVisible();
  await expect(page.getByText('New', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'BUY NOW' })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: 'JOIN COMMUNITY' })).toHaveAttribute('href', 'https://t.me/lucky_supra');
  await expect(page.getByRole('link', { name: 'Disclaimer' })).toHaveAttribute('href', '/disclaimer');
  await expect(page.getByText(/© 2025/)).toBeVisible();
});

test('slots spotlight Play Now goes to /slots', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Play Now' }).click();
  await expect(page).toHaveURL('/slots');
  await expect(page.getByRole('heading', { level: 1, name: 'FRUIT SPIN FRENZY' })).toBeVisible();
});

test('a bot screenshot enlarges in a modal with a Close button', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Tap to enlarge the Buy Bot screenshot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Bot screenshot' });
  await expect(dialog.getByRole('img')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
});
