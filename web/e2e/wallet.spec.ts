import { CHANGES_CHAIN, expect, test } from './fixtures';
import { devAccounts, freshAddress, supraBalance } from './support/chain';
import { openDevWalletPanel, short, useDevWallet } from './support/dev-wallet';

/**
 * The wallet on the real app (docs/product.md, Wallet): the wallet button, the dev wallet's approve / reject / account /
 * network controls, the not-detected path and a SUPRA transfer through the transaction hook, on the
 * real binary's devnet.
 */

const walletButton = (page: import('@playwright/test').Page, address: string) =>
  page.getByRole('banner').getByRole('button', { name: new RegExp(short(address)) });

test('connect (approve) shows the shortened address and the connected toasts @phone', async ({ page, request }) => {
  await useDevWallet(page, { autoApprove: true, account: 1 });
  const accounts = await devAccounts(request);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  const btn = walletButton(page, accounts[1]!.address);
  // The network toast lives 3 s: watch for both toasts at once rather than one after the other,
  // so a slow machine cannot spend the network toast's life on the earlier checks.
  await Promise.all([
    expect(page.getByText('Wallet connected successfully!')).toBeVisible(),
    expect(page.getByText('Devnet Connected')).toBeVisible(),
    expect(btn).toHaveText(short(accounts[1]!.address)),
  ]);

  // StarKey remembers connected sites: a reload re-connects silently.
  await page.reload();
  await expect(walletButton(page, accounts[1]!.address)).toBeVisible();
  await expect(page.getByText('Wallet connected successfully!')).toHaveCount(0);
});

test('the dev wallet draws its tab after the app has painted, and the app still finds it at once @phone', async ({ page, request }) => {
  // Drawn before the app, the tab was the page's first contentful paint, and Lighthouse counted
  // the app's whole start as blocking time.
  await page.addInitScript(() => {
    const w = window as unknown as { __devWalletDrawnAt?: number };
    new MutationObserver(() => {
      if (w.__devWalletDrawnAt === undefined && document.querySelector('aside.dw')) w.__devWalletDrawnAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await useDevWallet(page, { autoApprove: true, account: 1 });
  const accounts = await devAccounts(request);
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Dev Wallet/ })).toBeVisible();
  const { paint, drawn } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    drawn: (window as unknown as { __devWalletDrawnAt?: number }).__devWalletDrawnAt,
  }));
  expect(paint, 'the page reports its first contentful paint').toBeDefined();
  expect(drawn, 'the tab comes after the first contentful paint').toBeGreaterThan(paint!);
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(walletButton(page, accounts[1]!.address)).toHaveText(short(accounts[1]!.address));
});

test('a connect rejected in the wallet shows the failure toast', async ({ page }) => {
  await useDevWallet(page);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connecting...' })).toBeDisabled();
  await expect(page.getByRole('dialog', { name: 'Connecting Wallet' })).toContainText('Please confirm in your wallet');
  const request = page.getByRole('group', { name: 'Connect request' });
  await request.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Failed to connect wallet: User rejected the request.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'StarKey' })).toContainText(
    'Failed to connect with StarKey: User rejected the request. Please check wallet configuration.',
  );
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
});

test('Wallet Options shows address and network, closes on Escape / X / outside, and disconnects @phone', async ({
  page,
  request,
}) => {
  await useDevWallet(page, { autoApprove: true, account: 2 });
  const { address } = (await devAccounts(request))[2]!;
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  const btn = walletButton(page, address);
  await btn.click();
  const dialog = page.getByRole('dialog', { name: 'Wallet Options' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('wallet-address')).toHaveText(address);
  await expect(dialog.getByTestId('wallet-network')).toHaveText('Supra Devnet');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(btn).toBeFocused();

  await btn.click();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  await btn.click();
  await page.getByTestId('modal-backdrop').click({ position: { x: 5, y: 5 } });
  await expect(dialog).toBeHidden();

  await btn.click();
  await dialog.getByRole('button', { name: 'Disconnect Wallet' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  await openDevWalletPanel(page);
  await expect(page.getByText('Not connected')).toBeVisible();
});

test('switching account in the dev wallet updates the address', async ({ page, request }) => {
  await useDevWallet(page, { autoApprove: true, account: 0 });
  const accounts = await devAccounts(request);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(walletButton(page, accounts[0]!.address)).toBeVisible();
  await openDevWalletPanel(page);
  await page.locator('#dw-account').selectOption('3');
  await expect(walletButton(page, accounts[3]!.address)).toBeVisible();
  await expect(walletButton(page, accounts[0]!.address)).toHaveCount(0);
});

test('the wallet on testnet shows the pop-up; its switch brings it back with "Devnet Connected"', async ({ page }) => {
  await useDevWallet(page, { autoApprove: true, account: 4 });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByText('Devnet Connected')).toBeVisible();
  // Let the 3 s connected toast go, so the one asserted below is the switch's.
  await expect(page.getByText('Devnet Connected')).toHaveCount(0, { timeout: 6_000 });

  await openDevWalletPanel(page);
  await page.locator('#dw-network').selectOption('6');
  const popup = page.getByRole('dialog', { name: 'Switch Network' });
  await expect(popup).toContainText('Supra Testnet');
  await expect(popup).toContainText('Supra Devnet');
  await popup.getByRole('button', { name: 'Switch to Devnet' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByText('Devnet Connected')).toBeVisible();
  await openDevWalletPanel(page); // the panel closes after each choice, like an extension popup
  await expect(page.locator('#dw-network')).toHaveValue('255');
});

test('with no wallet installed: the not-detected modal, then the StarKey app page', async ({ page }) => {
  await useDevWallet(page, { disabled: true });
  await page.route('https://starkey.app/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>StarKey</title><p>StarKey</p>' }),
  );
  await page.goto('/');
  const appUrl = page.url();
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByRole('dialog', { name: 'StarKey' })).toContainText(
    'StarKey not detected. Redirecting to open StarKey.',
    { timeout: 8_000 },
  );
  await page.waitForURL((u) => u.href === 'https://starkey.app/dApps?url=' + encodeURIComponent(appUrl), {
    timeout: 8_000,
  });
});

test('a SUPRA transfer through the Send form lands on chain', { tag: CHANGES_CHAIN }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  // One sender per project, so parallel projects never race for a sequence number.
  const senderIndex = testInfo.project.name === 'mobile' ? 9 : 8;
  await useDevWallet(page, { autoApprove: true, account: senderIndex });
  const { address: sender } = (await devAccounts(request))[senderIndex]!;
  const recipient = freshAddress();
  const amount = '0.12345678';
  const baseUnits = 12_345_678n;
  const before = await supraBalance(request, recipient);

  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  await walletButton(page, sender).click();
  const dialog = page.getByRole('dialog', { name: 'Wallet Options' });
  await dialog.getByLabel('Recipient address').fill(recipient);
  await dialog.getByLabel('Amount (SUPRA)').fill(amount);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const link = dialog.getByTestId('sent-tx-link');
  await expect(link).toBeVisible({ timeout: 40_000 });
  await expect(link).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(dialog.getByText(`Sent ${amount} SUPRA.`)).toBeVisible();

  const after = await supraBalance(request, recipient);
  expect(after - before).toBe(baseUnits);
});
