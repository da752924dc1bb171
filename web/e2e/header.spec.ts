import { expect, isMobile, openMobileMenu, test } from './fixtures';

const nav: [string, string, RegExp][] = [
  ['SWAP', '/swap', /^Swap$/],
  ['GAMES', '/play', /^GAME HUB$/],
  ['TOOLS', '/tools', /^TOOLS HUB$/],
  ['EARN', '/earn', /^Staking$/],
  ['STATS', '/stats', /^Token Analytics$/],
  ['HOME', '/', /WELCOME TO/],
];

test('header links navigate @phone', async ({ page }) => {
  await page.goto('/whitepaper');
  for (const [label, path, heading] of nav) {
    if (isMobile(page)) {
      const menu = await openMobileMenu(page);
      await menu.getByRole('link', { name: label, exact: true }).click();
      // The menu closes on navigation.
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
    }
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('the logo links home', async ({ page }) => {
  await page.goto('/tools');
  await page.getByRole('link', { name: 'LuckyCoin home' }).click();
  await expect(page).toHaveURL('/');
});

test('the mobile menu closes on an outside click @phone', { tag: '@mobile' }, async ({ page }) => {
  await page.goto('/');
  await openMobileMenu(page);
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('social links open in a new tab without an opener', async ({ page }) => {
  await page.goto('/');
  if (isMobile(page)) await openMobileMenu(page);
  const chat = page.getByRole('link', { name: 'LuckyCoin Telegram chat' }).first();
  const x = page.getByRole('link', { name: 'LuckyCoin on X' }).first();
  await expect(chat).toHaveAttribute('href', 'https://t.me/lucky_supra');
  await expect(x).toHaveAttribute('href', 'https://x.com/LuckyTokenz');
  for (const l of [chat, x]) {
    await expect(l).toHaveAttribute('target', '_blank');
    await expect(l).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test('the wallet button shows Connect Wallet', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
});

test('the sound toggle survives a reload', async ({ page }) => {
  await page.goto('/');
  const mute = page.getByRole('button', { name: 'Mute sound' });
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await mute.click();
  await expect(page.getByRole('button', { name: 'Unmute sound' })).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => localStorage.getItem('soundEnabled'))).toBe('false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unmute sound' })).toBeVisible();
  await page.getByRole('button', { name: 'Unmute sound' }).click();
  // The players load with this first click of the page, and the preference with them.
  await expect(page.getByRole('button', { name: 'Mute sound' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('soundEnabled'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Mute sound' })).toBeVisible();
});
