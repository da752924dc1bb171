import type { Page } from '@playwright/test';
import { CHANGES_CHAIN, expect, test } from './fixtures';
import { balance, devAddress, LUCKY, setBalance, SUPRA } from './support/chain';
import { openDevWalletPanel, useDevWallet } from './support/dev-wallet';
import { send } from './support/index-chain';
import { CURVE, DEX, nodeView } from './support/market';
import { MINE } from './support/minerz';
import { connectOnSwap, swapButton, swapViaApi, toastHash, txOf } from './support/swap';

/**
 * Swap routes (docs/product.md, Swap): two hops through a listed token are two transactions, the
 * second built from what the first returned; an unlisted coin is imported by type behind a
 * warning. On the real binary and devnet, at 1440 and 375 px; every test changes the chain and
 * runs between a devnet snapshot and its revert.
 */

const DAWGZ = '0xb8e94e7204d8eeb565a653d262ae6f7434a3a452e2aaf624810b33dfa3b64d09::DAWGZ::DAWGZ';
const payInput = (page: Page) => page.getByLabel('You Pay');
const receiveInput = (page: Page) => page.getByLabel('You Receive');

interface Quote {
  amountIn: string;
  amountOut: string;
  minOut: string;
  route: { transactions: number; path: { name: string }[]; hops: { amountOut: string; minOut: string }[] };
  direct: { amountOut: string; minOut: string; route: { transactions: number } } | null;
}

/** The last quote the page received for amountIn (base units), read with get(). */
function lastQuote(page: Page, amountIn: string): { get: () => Quote | null } {
  let q: Quote | null = null;
  page.on('response', async (r) => {
    if (!r.url().endsWith('/api/v1/swap/quote') || !r.ok()) return;
    const body = (await r.json().catch(() => null)) as Quote | null;
    if (body && body.amountIn === amountIn) q = body;
  });
  return { get: () => q };
}

async function shot(page: Page, name: string, project: string) {
  if (!process.env.SCREENSHOTS) return;
  for (const b of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await b.click({ timeout: 1000 }).catch(() => {});
  if ((page.viewportSize()?.width ?? 1440) < 1024) {
    await page.getByRole('region', { name: 'Swap' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  } else {
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await page.screenshot({ path: `${process.env.SCREENSHOTS}/swap-route-${name}-${project}.png`, fullPage: false });
}

test.describe('swap routes', () => {
  test(`LUCKY → DAWGZ goes through SUPRA in two transactions; DAWGZ received equals the quote ${CHANGES_CHAIN} @phone`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(90_000);
    const addr = await devAddress(request, 1);
    await useDevWallet(page, { autoApprove: true, account: 1 });
    const quotes = lastQuote(page, '1000000000');
    await page.goto('/swap?from=LUCKY&to=DAWGZ');
    await expect(swapButton(page)).toBeVisible({ timeout: 20_000 });
    await connectOnSwap(page);
    await expect(page.getByTestId('pay-token')).toContainText('LUCKY');
    await expect(page.getByTestId('receive-token')).toContainText('DAWGZ');
    await payInput(page).fill('1000');
    await expect(receiveInput(page)).not.toHaveValue('');
    await expect(page.getByTestId('swap-route')).toHaveText('Route: LUCKY → SUPRA → DAWGZ, 2 transactions');
    // The network fee of the transaction Swap signs first, said to be step 1's.
    const fee = page.getByTestId('swap-network-fee');
    await expect(fee.getByTestId('network-fee-line')).toContainText(/^Network fee [≈≤] \d+\.\d+ SUPRA/);
    await expect(fee).toContainText('For step 1 of 2');
    await page.getByRole('button', { name: 'Transaction Details' }).click();
    const hops = page.getByTestId('route-hops');
    await expect(hops).toContainText('Step 1: LUCKY → SUPRA');
    await expect(hops).toContainText('Step 2: SUPRA → DAWGZ');
    await expect(hops).toContainText(/impact [<\d. ]+%, fee 0\.3%/);
    await expect(hops).toContainText('Step 1 minimum');
    await shot(page, 'quote', info.project.name);

    // The quote the swap uses: the last one shown before the click (later refreshes see the moved pools).
    const used = quotes.get()!;
    expect(used.route.transactions).toBe(2);
    const l0 = await balance(request, addr, LUCKY);
    const d0 = await balance(request, addr, DAWGZ);
    const s0 = await balance(request, addr, SUPRA);
    await swapButton(page).click();
    const success = page.getByTestId('swap-success');
    await expect(success).toHaveText(/^Swap completed! Received: [\d,.]+ DAWGZ \| Tx: 0x[0-9a-f]{4}\.\.\.$/, { timeout: 30_000 });
    const tx = await txOf(request, await toastHash(page));
    expect(tx.status).toBe('Success');
    expect(tx.swap!.received).toBe(used.amountOut);
    expect(tx.swap!.amountIn).toBe(used.route.hops[0]!.amountOut);
    expect((await balance(request, addr, DAWGZ)) - d0).toBe(BigInt(used.amountOut));
    expect((await balance(request, addr, LUCKY)) - l0).toBe(-1_000_000_000n);
    // SUPRA only pays the two transactions' gas: step 2 spent all that step 1 returned.
    const ds = (await balance(request, addr, SUPRA)) - s0;
    expect(ds).toBeLessThan(0n);
    expect(ds).toBeGreaterThan(-100_000_000n);
    await expect(page.getByTestId('partial-route')).toHaveCount(0);
  });

  test(`pool 2 moves before step 2: step 2 aborts, the page says step 1 is done and what is held, retry finishes ${CHANGES_CHAIN} @phone`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const addr = await devAddress(request, 1);
    await setBalance(request, await devAddress(request, 0), SUPRA, 30_000_000_000_000n);
    await useDevWallet(page, { account: 1 });
    await page.goto('/swap?from=LUCKY&to=DAWGZ');
    await expect(swapButton(page)).toBeVisible({ timeout: 20_000 });
    await swapButton(page).click();
    await openDevWalletPanel(page);
    await page.getByRole('group', { name: 'Connect request' }).getByRole('button', { name: 'Approve' }).click();
    await expect(swapButton(page)).toHaveText('Swap');
    await payInput(page).fill('1000');
    await expect(page.getByTestId('swap-route')).toHaveText('Route: LUCKY → SUPRA → DAWGZ, 2 transactions');
    const l0 = await balance(request, addr, LUCKY);
    const d0 = await balance(request, addr, DAWGZ);
    const s0 = await balance(request, addr, SUPRA);
    await swapButton(page).click();
    await expect(page.getByTestId('swap-step')).toHaveText('Step 1 of 2: confirm the transaction in your wallet');
    await page.getByRole('group', { name: /request/i }).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('swap-step')).toHaveText('Step 2 of 2: confirm the transaction in your wallet', { timeout: 20_000 });
    await expect(page.getByRole('group', { name: /request/i }).getByRole('button', { name: 'Approve' })).toBeVisible({ timeout: 20_000 });
    // Step 2 is built (for what step 1 returned, with the route's minimum); another trader now
    // buys DAWGZ with 100,000 SUPRA, far beyond the 5 % slippage.
    const s1 = await balance(request, addr, SUPRA);
    const held = s1 - s0; // step 1's output less its gas
    expect(held).toBeGreaterThan(0n);
    await swapViaApi(request, 0, 'SUPRA', 'DAWGZ', '100000');
    await page.getByRole('group', { name: /request/i }).getByRole('button', { name: 'Approve' }).click();
    const notice = page.getByTestId('partial-route');
    await expect(notice).toContainText(/^Step 1 of 2 is done: you now hold [\d.]+ SUPRA\./, { timeout: 30_000 });
    await expect(notice).toContainText('Step 2 (SUPRA → DAWGZ) did not go through. Your SUPRA is in your wallet.');
    await expect(notice).toContainText('The price of step 2 moved beyond your slippage tolerance (5%), so step 2 was not swapped.');
    await expect(page.getByText('Swap completed!')).toHaveCount(0);
    await shot(page, 'partial', info.project.name);
    // Nothing of step 2 happened: DAWGZ unchanged, LUCKY spent, the SUPRA from step 1 held.
    expect((await balance(request, addr, DAWGZ)) - d0).toBe(0n);
    expect((await balance(request, addr, LUCKY)) - l0).toBe(-1_000_000_000n);
    const s2 = await balance(request, addr, SUPRA);
    expect(s2).toBeLessThan(s1); // step 2's gas only
    expect(s1 - s2).toBeLessThan(100_000_000n);

    // Retry step 2 at the new price: exactly the SUPRA step 1 returned, quoted again.
    const heldText = (await notice.textContent())!.match(/hold ([\d.]+) SUPRA/)![1]!;
    await notice.getByRole('button', { name: 'Retry step 2 at the new price' }).click();
    await expect(page.getByTestId('pay-token')).toContainText('SUPRA');
    await expect(page.getByTestId('receive-token')).toContainText('DAWGZ');
    await expect(payInput(page)).toHaveValue(heldText);
    await expect(page.getByTestId('swap-route')).toHaveText('Route: SUPRA → DAWGZ, 1 transaction');
    await swapButton(page).click();
    await page.getByRole('group', { name: /request/i }).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('swap-success')).toHaveText(/^Swap completed! Received: [\d,.]+ DAWGZ/, { timeout: 30_000 });
    const tx = await txOf(request, await toastHash(page));
    expect((await balance(request, addr, DAWGZ)) - d0).toBe(BigInt(tx.swap!.received));
  });

  test(`an unlisted coin is imported by its coin type behind a warning, then routed through SUPRA ${CHANGES_CHAIN} @phone`, async ({
    page,
    request,
    consoleErrors,
  }, info) => {
    test.setTimeout(90_000);
    // A pool MINE/SUPRA (account 3 holds MINE): 50 MINE and 1,000 SUPRA, in the pool's coin order
    // (Liquidswap compares struct names first, shorter first: MINE before SupraCoin).
    await send(request, 3, `${DEX}::scripts::register_pool_and_add_liquidity`, [MINE, SUPRA, CURVE], ['5000000000', '1', '100000000000', '1']);
    // The server remembers a missing pool for 15 s: wait until it sees this one.
    await expect
      .poll(async () => ((await (await request.get(`/api/v1/swap/token?coinType=${MINE}`)).json()) as { pools: unknown[] }).pools.length, {
        timeout: 25_000,
      })
      .toBe(1);

    await useDevWallet(page, { autoApprove: true, account: 1 });
    const quotes = lastQuote(page, '1000000000');
    await page.goto('/swap?from=LUCKY&to=SUPRA');
    await expect(swapButton(page)).toBeVisible({ timeout: 20_000 });
    await connectOnSwap(page);
    await page.getByTestId('receive-token').click();
    const dialog = page.getByRole('dialog', { name: 'Select Token' });
    await dialog.getByPlaceholder('Search by name or typeTag').fill('0xabc::nothing::NOPE');
    await expect(dialog.getByText('No coin with this type on chain: check the coin type.')).toBeVisible();
    // That refusal is a 404 answer, which Chromium logs as a failed resource: expected here.
    const refused = consoleErrors.findIndex((e) => /status of 404 .*\/api\/v1\/swap\/token/.test(e));
    expect(refused).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refused, 1);
    await dialog.getByPlaceholder('Search by name or typeTag').fill(MINE);
    const panel = dialog.getByTestId('import-token');
    await expect(panel.getByTestId('unlisted-warning')).toHaveText(
      'Unlisted token: anyone can create a token with any name; check the coin type.',
    );
    await expect(panel).toContainText('MINE');
    await expect(panel).toContainText('Pools with: SUPRA');
    const importBtn = panel.getByRole('button', { name: 'Import MINE' });
    await expect(importBtn).toHaveAttribute('aria-disabled', 'true');
    await importBtn.click({ force: true }); // not acknowledged: nothing happens
    await expect(dialog).toBeVisible();
    await panel.getByLabel('I checked the coin type and understand the risk').check();
    await shot(page, 'import', info.project.name);
    await importBtn.click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('receive-token')).toContainText('MINE');
    await expect(page.getByTestId('unlisted-banner')).toContainText('Unlisted token: anyone can create a token with any name');
    await expect(page.getByTestId('unlisted-banner')).toContainText('0xde02::cosmic_miners::MINE');
    await payInput(page).fill('1000');
    await expect(page.getByTestId('swap-route')).toHaveText('Route: LUCKY → SUPRA → MINE, 2 transactions');

    // Swap it: both steps land and the MINE balance (read from the chain) grows by the quote.
    const addr = await devAddress(request, 1);
    const mine = async () => BigInt((await nodeView(request, '0x1::coin::balance', [MINE], [addr]))[0] as string);
    const m0 = await mine();
    await expect(receiveInput(page)).not.toHaveValue('');
    const used = quotes.get()!;
    await swapButton(page).click();
    await expect(page.getByTestId('swap-success')).toHaveText(/^Swap completed! Received: [\d,.]+ MINE/, { timeout: 30_000 });
    expect((await mine()) - m0).toBe(BigInt(used.amountOut));
    // Its balance line reads the chain (the balances endpoint lists registry tokens only).
    await expect(page.getByTestId('receive-balance')).not.toContainText('…');
    await shot(page, 'imported', info.project.name);

    // Kept in the browser: after a reload the picker lists it.
    await page.reload();
    await page.getByTestId('pay-token').click();
    await expect(page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: 'MINE', exact: true })).toBeVisible();
  });
});

const DEXUSDC = '0x8f7d16ade319b0fce368ca6cdb98589c4527ce7f5b51e544a9e68e719934458b::hyper_coin::DexlynUSDC';

/** Another trader dumps 5,000,000 LUCKY into the LUCKY/dexUSDC pool: LUCKY is then cheaper there than on LUCKY/SUPRA. */
async function cheapenLuckyInUsdcPool(request: Parameters<typeof devAddress>[0]) {
  await setBalance(request, await devAddress(request, 2), LUCKY, 6_000_000_000_000n);
  await swapViaApi(request, 2, 'LUCKY', 'dexUSDC', '5000000');
}

test.describe('route choice', () => {
  test(`the best route and the direct pool side by side; each executes for exactly its quote ${CHANGES_CHAIN} @phone`, async ({ page, request }, info) => {
    test.setTimeout(120_000);
    await cheapenLuckyInUsdcPool(request);
    const addr = await devAddress(request, 1);
    await useDevWallet(page, { autoApprove: true, account: 1 });
    const quotes = lastQuote(page, '1000000000');
    await page.goto('/swap?from=SUPRA&to=LUCKY');
    await expect(swapButton(page)).toBeVisible({ timeout: 20_000 });
    await connectOnSwap(page);
    await payInput(page).fill('10');
    const choice = page.getByTestId('route-choice');
    await expect(choice).toBeVisible();
    const best = page.getByTestId('route-option-best');
    const direct = page.getByTestId('route-option-direct');
    await expect(best).toContainText('via dexUSDC');
    await expect(best).toContainText('2 signatures · fees 0.3% + 0.3%');
    await expect(direct).toContainText('SUPRA/LUCKY pool');
    await expect(direct).toContainText('1 signature · fees 0.3%');
    await expect(page.getByTestId('swap-route')).toHaveText('Route: SUPRA → dexUSDC → LUCKY, 2 transactions');
    await shot(page, 'choice', info.project.name);

    // The direct pool: one transaction, and LUCKY grows by exactly its quote.
    await direct.click();
    await expect(page.getByTestId('swap-route')).toHaveText('Route: SUPRA → LUCKY, 1 transaction');
    await expect.poll(() => quotes.get()?.direct?.amountOut ?? null).not.toBeNull();
    const q1 = quotes.get()!;
    expect(BigInt(q1.direct!.amountOut)).toBeLessThan(BigInt(q1.amountOut));
    let l0 = await balance(request, addr, LUCKY);
    await swapButton(page).click();
    await expect(page.getByTestId('swap-success')).toHaveText(/^Swap completed! Received: [\d,.]+ LUCKY/, { timeout: 30_000 });
    const h1 = await toastHash(page);
    let tx = await txOf(request, h1);
    expect(tx.swap!.received).toBe(q1.direct!.amountOut);
    expect((await balance(request, addr, LUCKY)) - l0).toBe(BigInt(q1.direct!.amountOut));

    // The best route through dexUSDC: two transactions, LUCKY grows by exactly its quote.
    await payInput(page).fill('10');
    await expect(choice).toBeVisible();
    await best.click();
    await expect(page.getByTestId('swap-route')).toHaveText('Route: SUPRA → dexUSDC → LUCKY, 2 transactions');
    await expect(receiveInput(page)).not.toHaveValue('');
    const q2 = quotes.get()!;
    expect(q2.route.transactions).toBe(2);
    l0 = await balance(request, addr, LUCKY);
    await swapButton(page).click();
    // The first swap's toast may still be up: the second's is the other link.
    const hashes = async () =>
      (await page.getByTestId('swap-success').getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
        .map((href) => /\/tx\/(0x[0-9a-f]{64})$/.exec(href)?.[1] ?? '')
        .filter((h) => h !== '' && h !== h1);
    await expect.poll(async () => (await hashes()).length, { timeout: 30_000 }).toBe(1);
    tx = await txOf(request, (await hashes())[0]!);
    expect(tx.swap!.received).toBe(q2.amountOut);
    expect((await balance(request, addr, LUCKY)) - l0).toBe(BigInt(q2.amountOut));
  });

  test(`a route left between its two steps is offered again after a reload: finish or swap back ${CHANGES_CHAIN} @phone`, async ({ page, request }, info) => {
    test.setTimeout(120_000);
    await cheapenLuckyInUsdcPool(request);
    const addr = await devAddress(request, 1);
    await useDevWallet(page, { account: 1 });
    await page.goto('/swap?from=SUPRA&to=LUCKY');
    await expect(swapButton(page)).toBeVisible({ timeout: 20_000 });
    await swapButton(page).click();
    await openDevWalletPanel(page);
    await page.getByRole('group', { name: 'Connect request' }).getByRole('button', { name: 'Approve' }).click();
    await expect(swapButton(page)).toHaveText('Swap');
    await payInput(page).fill('10');
    await expect(page.getByTestId('swap-route')).toHaveText('Route: SUPRA → dexUSDC → LUCKY, 2 transactions');
    const u0 = await balance(request, addr, DEXUSDC);
    await swapButton(page).click();
    await page.getByRole('group', { name: /request/i }).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('swap-step')).toHaveText('Step 2 of 2: confirm the transaction in your wallet', { timeout: 20_000 });
    await expect(page.getByRole('group', { name: /request/i }).getByRole('button', { name: 'Approve' })).toBeVisible({ timeout: 20_000 });
    const held = (await balance(request, addr, DEXUSDC)) - u0;
    expect(held).toBeGreaterThan(0n);

    // The tab is closed (here: reloaded) before step 2 is signed.
    await page.reload();
    const notice = page.getByTestId('partial-route');
    await expect(notice).toContainText(`Step 1 of 2 is done: you now hold ${Number(held) / 1e6} dexUSDC.`, { timeout: 20_000 });
    await expect(notice).toContainText('Step 2 was not signed: the page was closed or reloaded before it. Finish the route or swap back.');
    await expect(notice.getByRole('button', { name: 'Retry step 2 at the new price' })).toBeVisible();
    await shot(page, 'resume', info.project.name);

    // Swap back: exactly what step 1 returned, dexUSDC → SUPRA; the reminder is gone after that.
    await notice.getByRole('button', { name: 'Swap back to SUPRA' }).click();
    await expect(page.getByTestId('pay-token')).toContainText('dexUSDC');
    await expect(page.getByTestId('receive-token')).toContainText('SUPRA');
    await expect(payInput(page)).toHaveValue(String(Number(held) / 1e6));
    await page.reload();
    await expect(swapButton(page)).toHaveText('Swap', { timeout: 20_000 });
    await expect(page.getByTestId('partial-route')).toHaveCount(0);
  });
});
