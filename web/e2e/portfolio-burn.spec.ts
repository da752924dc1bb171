import { readFile } from 'node:fs/promises';
import { CHANGES_CHAIN, expect, isMobile, test } from './fixtures';
import { LUCKY, SUPRA, balance, devAddress, setBalance } from './support/chain';
import { openDevWalletPanel, useDevWallet } from './support/dev-wallet';
import { allowFailedLoads } from './support/market';
import { MINER_ACCOUNT, minersState } from './support/minerz';
import type { Page } from '@playwright/test';

const DAWGZ = '0xb8e94e7204d8eeb565a653d262ae6f7434a3a452e2aaf624810b33dfa3b64d09::DAWGZ::DAWGZ';
const SHOTS = '../docs/screenshots';

/** Saves a README screenshot only when asked (SCREENSHOTS=1), so a test run never rewrites tracked files. */
async function shot(page: Page, name: string, fullPage = true) {
  if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: `${SHOTS}/${name}-${width(page)}.png`, fullPage });
}

interface Portfolio {
  premium: boolean;
  assetCount: number;
  holdings: { name: string; coinType: string }[];
  totals: { supra: string; usd: string | null };
}

/** A decimal string floored to 2 decimals with thousands separators, as the page shows it. */
function money2(dec: string): string {
  const [whole, frac = ''] = dec.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0').slice(0, 2)}`;
}

/**
 * Prices come from the server's market cache (10 s fresh, up to 30 s stale-while-revalidate), and
 * other specs move pools inside their snapshots: so the page's Refresh forces a new read first,
 * and the API answer below (within the TTL) is the same snapshot the page shows.
 */
async function refreshPage(page: Page) {
  await page.getByRole('button', { name: 'Refresh portfolio' }).click();
  await expect(page.getByRole('button', { name: 'Refresh portfolio' })).toHaveText('Refresh', { timeout: 15_000 });
}

async function portfolioApi(page: Page, address: string): Promise<Portfolio> {
  const res = await page.request.get(`/api/v1/accounts/${address}/portfolio`);
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Portfolio;
}

/** The visible asset list: the table at 1440 px, the cards at 375 px. */
function assets(page: Page) {
  return isMobile(page) ? page.getByRole('list', { name: 'Your Assets' }) : page.getByRole('table', { name: 'Your Assets' });
}

async function connectPortfolio(page: Page) {
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { name: 'Portfolio Overview' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connect Your Wallet' })).toBeVisible();
  await page.locator('#main').getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Portfolio', exact: true })).toBeVisible({ timeout: 15_000 });
}

const width = (page: Page) => (isMobile(page) ? 375 : 1440);

// Tagged as state-changing: they hold the chain lock, so no other spec's transaction moves these
// balances between the page's read and the API's.
test.describe('portfolio', { tag: CHANGES_CHAIN }, () => {
  // Two cores shared by parallel suites: give the mobile project room.
  test.describe.configure({ timeout: 60_000 });
  test('dev account 0 (premium): every held token, totals equal to the API @phone', async ({ page }) => {
    await useDevWallet(page, { autoApprove: true, account: 0 });
    await connectPortfolio(page);
    const address = await devAddress(page.request, 0);
    await refreshPage(page);
    const api = await portfolioApi(page, address);
    expect(api.premium).toBe(true);
    expect(api.holdings.length).toBe(18);
    await expect(page.getByTestId('total-usd')).toHaveText(`$${money2(api.totals.usd!)}`);
    await expect(page.getByTestId('total-supra')).toHaveText(`${money2(api.totals.supra)} SUPRA`);
    const list = assets(page);
    for (const h of api.holdings) await expect(list.locator(`[data-token="${h.name}"]`)).toBeVisible();
    await expect(page.getByText('Have more than 250000 LUCKY tokens')).toHaveCount(0);
    // Sort Low to High puts the smallest value first.
    await page.getByLabel('Sort').selectOption('lowToHigh');
    await expect(list.locator('[data-token]').first()).toHaveAttribute('data-token', api.holdings.at(-1)!.name);
    await page.getByLabel('Sort').selectOption('highToLow');
    await expect(list.locator('[data-token]').first()).toHaveAttribute('data-token', api.holdings[0].name);
    await shot(page, 'portfolio');
    // The eye hides every value.
    await page.getByRole('button', { name: 'Hide values' }).click();
    await expect(page.getByTestId('total-usd')).toHaveText('••••••');
    await page.getByRole('button', { name: 'Show values' }).click();
    await expect(page.getByTestId('total-usd')).toHaveText(`$${money2(api.totals.usd!)}`);
  });

  test('the Cosmic Miners coin shows, held but not valued, at its balance on chain @phone', async ({ page }) => {
    const address = await devAddress(page.request, MINER_ACCOUNT);
    await useDevWallet(page, { autoApprove: true, account: MINER_ACCOUNT });
    await connectPortfolio(page);
    await refreshPage(page);
    const held = (await minersState(page.request, address)).balance;
    expect(held).toBeGreaterThan(0n);
    const whole = (held / 100_000_000n).toLocaleString('en-US');
    const cents = ((held % 100_000_000n) / 1_000_000n).toString().padStart(2, '0');
    const box = page.getByTestId('unpriced');
    await box.scrollIntoViewIfNeeded();
    await expect(box.locator('[data-token="MINE"]')).toBeVisible();
    await expect(box.getByTestId('unpriced-balance')).toHaveText(`${whole}.${cents} MINE`);
    await expect(box).toContainText('No exchange pool prices this coin');
    // The balances every screen reads list it too.
    const bals = (await (await page.request.get(`/api/v1/accounts/${address}/balances`)).json()) as { balances: { symbol: string; amount: string }[] };
    expect(bals.balances.find((b) => b.symbol === 'MINE')?.amount).toBe(held.toString());
  });

  test('dev account 1 (not premium) sees SUPRA and LUCKY only, and the premium note', async ({ page }) => {
    const address = await devAddress(page.request, 1);
    // A third priced token, so the note's "more than 2 assets" holds.
    await setBalance(page.request, address, DAWGZ, 5_000_000_000n);
    await useDevWallet(page, { autoApprove: true, account: 1 });
    await connectPortfolio(page);
    await refreshPage(page);
    const api = await portfolioApi(page, address);
    expect(api.premium).toBe(false);
    expect(api.assetCount).toBe(3);
    expect(api.holdings.map((h) => h.name).sort()).toEqual(['LUCKY', 'SUPRA']);
    const list = assets(page);
    await expect(list.locator('[data-token]')).toHaveCount(2);
    await expect(list.locator('[data-token="DAWGZ"]')).toHaveCount(0);
    await expect(page.getByText('Have more than 250000 LUCKY tokens in your wallet for premium access.')).toBeVisible();
    await expect(page.getByTestId('total-usd')).toHaveText(`$${money2(api.totals.usd!)}`);
    await shot(page, 'portfolio-not-premium');
  });

  test('a wallet without priced assets: No Assets, the empty text and the empty-portfolio toast', async ({ page }) => {
    const address = await devAddress(page.request, 5);
    await setBalance(page.request, address, SUPRA, 0n);
    await useDevWallet(page, { autoApprove: true, account: 5 });
    await connectPortfolio(page);
    await expect(page.getByText('No Assets')).toBeVisible();
    await expect(page.getByText('No tokens found in your portfolio')).toBeVisible();
    await expect(page.getByText('No tokens with valid balances found')).toBeVisible();
  });

  test('a failed load says why in the product wording: node out of reach, or anything else', async ({ page, consoleErrors }) => {
    const answers = [
      { status: 502, code: 'node_unavailable', toast: 'Failed to connect to network' },
      { status: 500, code: 'internal', toast: 'Error loading portfolio data' },
    ];
    let next = 0;
    await page.route('**/api/v1/accounts/*/portfolio*', (route) => {
      const a = answers[Math.min(next, answers.length - 1)]!;
      return route.fulfill({ status: a.status, json: { error: { code: a.code, message: 'test' } } });
    });
    await useDevWallet(page, { autoApprove: true, account: 1 });
    await connectPortfolio(page);
    await expect(page.getByText('Failed to connect to network')).toBeVisible();
    next = 1;
    await page.getByRole('button', { name: 'Refresh portfolio' }).click();
    await expect(page.getByText('Error loading portfolio data')).toBeVisible();
    allowFailedLoads(consoleErrors, '/portfolio');
  });

  test('hide a token, the choice survives a reload, Show Hidden Tokens brings it back', async ({ page }) => {
    await useDevWallet(page, { autoApprove: true, account: 0 });
    await connectPortfolio(page);
    const list = assets(page);
    await expect(list.locator('[data-token="DAWGZ"]')).toBeVisible();
    await list.getByRole('button', { name: 'Hide Token DAWGZ' }).click();
    await expect(list.locator('[data-token="DAWGZ"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show Hidden Tokens (1)' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Portfolio', exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(assets(page).locator('[data-token="SUPRA"]')).toBeVisible();
    await expect(assets(page).locator('[data-token="DAWGZ"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show Hidden Tokens (1)' }).click();
    await expect(assets(page).locator('[data-token="DAWGZ"]')).toBeVisible();
    await expect(page.getByRole('button', { name: /Show Hidden Tokens/ })).toHaveCount(0);
  });
});

test.describe('meme burner', { tag: CHANGES_CHAIN }, () => {
  test.describe.configure({ timeout: 60_000 });
  test('a burn rejected in the Dev Wallet changes nothing', async ({ page }) => {
    const me = await devAddress(page.request, 1);
    await useDevWallet(page, { account: 1 });
    await page.goto('/burn');
    await page.locator('#main').getByRole('button', { name: 'Connect Wallet' }).click();
    await openDevWalletPanel(page);
    await page.getByRole('group', { name: 'Connect request' }).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('burn-balance')).toHaveText('50,000.00 LUCKY', { timeout: 15_000 });
    const before = await balance(page.request, me, LUCKY);
    await page.getByLabel('Amount to burn').fill('10');
    await page.getByRole('button', { name: 'Ignite the Flames' }).click();
    await page.getByRole('dialog', { name: 'Review your burn' }).getByRole('button', { name: 'Confirm burn' }).click();
    await expect(page.getByRole('dialog', { name: 'Burning Meme' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Burning...' })).toBeVisible();
    await page.getByRole('group', { name: /request/i }).getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Transaction rejected by user. Please try again.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Burning Meme' })).toBeHidden();
    expect(await balance(page.request, me, LUCKY)).toBe(before);

  });

  test('burning 1,000 LUCKY lands on chain, shows the certificate; Download, shares and /burn/{hash} @phone', async ({ page }) => {
    test.setTimeout(90_000);
    await useDevWallet(page, { autoApprove: true, account: 0 });
    const me = await devAddress(page.request, 0);
    const cfg = (await (await page.request.get('/api/v1/config')).json()) as { network: { modules: { burnAddress: string } } };
    const burnAddr = cfg.network.modules.burnAddress;
    const beforeBurn = await balance(page.request, burnAddr, LUCKY);
    const beforeMe = await balance(page.request, me, LUCKY);

    await page.goto('/burn');
    await expect(page.getByRole('heading', { name: 'Meme Burner' })).toBeVisible();
    await page.locator('#main').getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(page.getByRole('button', { name: 'Ignite the Flames' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('burn-balance')).toHaveText(/LUCKY$/);

    // The picker: burnable tokens only, 5 a page, labelled with the network.
    await page.getByRole('button', { name: /Select token, current LUCKY/ }).click();
    const picker = page.getByRole('dialog', { name: 'Select Token' });
    await expect(picker.getByPlaceholder('Search tokens...')).toBeVisible();
    await expect(picker.getByText(/Page 1 of \d/)).toBeVisible();
    await expect(picker.getByText('supra-devnet').first()).toBeVisible();
    await picker.getByPlaceholder('Search tokens...').fill('dexusdc');
    await expect(picker.getByText('No tokens found')).toBeVisible();
    await picker.getByPlaceholder('Search tokens...').fill('luck');
    await picker.getByRole('button', { name: /^LUCKY/ }).first().click();
    await expect(picker).toBeHidden();

    await page.getByLabel('Amount to burn').fill('1000');
    await shot(page, 'burn');
    await page.getByRole('button', { name: 'Ignite the Flames' }).click();
    await page.getByRole('dialog', { name: 'Review your burn' }).getByRole('button', { name: 'Confirm burn' }).click();

    const cert = page.getByRole('dialog', { name: 'Burn Certificate' });
    await expect(cert).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^Burned 1,000 LUCKY! Tx: 0x[0-9a-f]{4}\.\.\.$/)).toBeVisible();
    await expect(cert.getByTestId('certificate-quantity')).toHaveText('1,000 LUCKY');
    await expect(cert.getByTestId('certificate-burner')).toHaveText(me);

    // On chain: the burn address +1,000 LUCKY, the burner −1,000 LUCKY (base units).
    expect((await balance(page.request, burnAddr, LUCKY)) - beforeBurn).toBe(1_000_000_000n);
    expect(beforeMe - (await balance(page.request, me, LUCKY))).toBe(1_000_000_000n);

    // Download saves the PNG.
    const [download] = await Promise.all([page.waitForEvent('download'), cert.getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^burn-certificate-[0-9a-f]{8}\.png$/);
    const file = await readFile((await download.path())!);
    expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    // The shares carry the certificate page URL.
    const pageHref = await cert.getByRole('link', { name: 'Open certificate page' }).getAttribute('href');
    expect(pageHref).toMatch(/^\/burn\/0x[0-9a-f]{64}$/);
    const pageUrl = new URL(pageHref!, page.url()).toString();
    const x = new URL((await cert.getByRole('link', { name: 'Share on X' }).getAttribute('href'))!);
    expect(x.origin + x.pathname).toBe('https://twitter.com/intent/tweet');
    expect(x.searchParams.get('url')).toBe(pageUrl);
    const tg = new URL((await cert.getByRole('link', { name: 'Share on Telegram' }).getAttribute('href'))!);
    expect(tg.origin + tg.pathname).toBe('https://t.me/share/url');
    expect(tg.searchParams.get('url')).toBe(pageUrl);
    await expect(cert.getByRole('link', { name: 'Share on X' })).toHaveAttribute('rel', 'noopener noreferrer');
    await shot(page, 'burn-certificate-modal', false);
    if (!isMobile(page) && process.env.SCREENSHOTS === '1') await download.saveAs(`${SHOTS}/burn-certificate.png`);

    // Escape closes the modal; the public page verifies the burn.
    await page.keyboard.press('Escape');
    await expect(cert).toBeHidden();
    await page.goto(pageHref!);
    await expect(page.getByText('Verified on chain')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('certificate-quantity')).toHaveText('1,000 LUCKY');
    await expect(page.getByRole('link', { name: 'View the transaction' })).toBeVisible();
    await expect(page.getByTestId('total-lucky-burned')).toHaveText(/LUCKY$/);
    await shot(page, 'burn-certificate-page');

    // The server-side HTML of that route previews the certificate.
    const html = await (await page.request.get(pageHref!)).text();
    expect(html).toContain(`<meta property="og:image" content="${new URL(pageHref!, page.url()).origin}/api/v1/burns/`);
  });

  test("a build the server refuses shows 'Burn failed: {msg}' and burns nothing", async ({ page, consoleErrors }) => {
    const me = await devAddress(page.request, 1);
    await page.route('**/api/v1/burn/build', (route) =>
      route.fulfill({ status: 502, json: { error: { code: 'node_unavailable', message: 'Blockchain error. Try again later.' } } }),
    );
    await useDevWallet(page, { autoApprove: true, account: 1 });
    await page.goto('/burn');
    await page.locator('#main').getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(page.getByTestId('burn-balance')).toHaveText('50,000.00 LUCKY', { timeout: 15_000 });
    const before = await balance(page.request, me, LUCKY);
    await page.getByLabel('Amount to burn').fill('10');
    await page.getByRole('button', { name: 'Ignite the Flames' }).click();
    await page.getByRole('dialog', { name: 'Review your burn' }).getByRole('button', { name: 'Confirm burn' }).click();
    await expect(page.getByText('Burn failed: Blockchain error. Try again later.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ignite the Flames' })).toBeEnabled();
    expect(await balance(page.request, me, LUCKY)).toBe(before);
    allowFailedLoads(consoleErrors, '/api/v1/burn/build');
  });

  test('the input messages: invalid amount and the capped input', async ({ page }) => {
    await useDevWallet(page, { autoApprove: true, account: 1 });
    await page.goto('/burn');
    await page.getByLabel('Amount to burn').press('Enter');
    await expect(page.getByText('Connect your wallet and enter a valid amount!')).toBeVisible();
    await page.locator('#main').getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(page.getByRole('button', { name: 'Ignite the Flames' })).toBeDisabled({ timeout: 15_000 });
    await expect(page.getByTestId('burn-balance')).toHaveText('50,000.00 LUCKY');
    await page.getByLabel('Amount to burn').fill('60000');
    await expect(page.getByText('Input exceeds balance. Capped at 50,000 LUCKY.')).toBeVisible();
    await expect(page.getByLabel('Amount to burn')).toHaveValue('50000');
    await page.getByLabel('Amount to burn').fill('12.1234567');
    await expect(page.getByLabel('Amount to burn')).toHaveValue('50000');
  });
});
