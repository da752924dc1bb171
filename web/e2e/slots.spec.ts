import type { APIRequestContext as APIRequest, Page } from '@playwright/test';
import { CHANGES_CHAIN, expect, isMobile, test } from './fixtures';
import { openDevWalletPanel, useDevWallet } from './support/dev-wallet';
import { balance, devAddress, forceOutcomes, LUCKY, playViaApi, pot, setBalance, SUPRA } from './support/chain';
import { connectHere, fmt2, mainButton, recordResults, reelLabels, reelNames, resultLog, type ResultRecord } from './support/slots';

/**
 * FRUIT SPIN FRENZY (docs/product.md, Slots) on the real binary and devnet.
 *
 * Forced outcomes are one global queue, so every test that spins runs in the desktop project
 * only and serially; the mobile project checks layout, routes and the client-side rules.
 */

const NANA = 'NANA';

test.describe('slots: routes and layout', () => {
  test('/slots/LuCkY selects LUCKY, /slots/nope and /slots select SUPRA; every element is there @phone', async ({ page, request }) => {
    await page.goto('/slots/LuCkY');
    await expect(page.getByRole('heading', { level: 1, name: 'FRUIT SPIN FRENZY' })).toBeVisible();
    await expect(page.getByText('Win up to 50x your bet!')).toBeVisible();
    await expect(page.getByTestId('selected-token')).toHaveText('LUCKY');
    await expect(page.getByLabel('Bet Amount')).toHaveValue('10');

    await page.goto('/slots/nope');
    await expect(page.getByTestId('selected-token')).toHaveText('SUPRA');
    await expect(page.getByLabel('Bet Amount')).toHaveValue('0.1');
    await page.goto('/slots');
    await expect(page.getByTestId('selected-token')).toHaveText('SUPRA');

    await expect(page.getByLabel('Number of Spins')).toHaveValue('1');
    await expect(page.getByTestId('total-bet')).toHaveText('0.10 SUPRA');
    await expect(mainButton(page)).toHaveText('Connect Wallet');
    await expect(page.getByTestId('chip-balance')).toContainText('Balance');
    // Not connected: no balance to show, not a balance of 0.
    await expect(page.getByTestId('chip-balance-value')).toHaveText('—');
    // The SUPRA house pot, 2 decimals with grouping (games in other tests move it).
    await expect(page.getByTestId('chip-pot-value')).toHaveText(/^[1-9]\d{0,2}(,\d{3})*\.\d{2}$/);
    expect(await pot(request, SUPRA)).toBeGreaterThan(0n);
    await expect(page.getByTestId('chip-total-won')).toHaveCount(0);
    await expect(page.getByTestId('reels').locator('img[data-symbol]')).toHaveCount(3);
    // One sound control on the page: the header's.
    await expect(page.getByRole('button', { name: /sound/i })).toHaveCount(1);
    await expect(page.getByRole('banner').getByRole('button', { name: /sound/i })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fullscreen' })).toBeVisible();
    const jackpot = page.getByTestId('jackpot-badge');
    if (isMobile(page)) await expect(jackpot).toBeHidden();
    else await expect(jackpot).toBeVisible();
    // No horizontal overflow on either layout.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('token selector: search, empty state, community links, selection resets the bet', async ({ page }) => {
    await page.goto('/slots');
    await page.getByRole('button', { name: /Select token/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Token' });
    const search = dialog.getByPlaceholder('Search by name...');
    await search.fill('zzz');
    await expect(dialog.getByText('No tokens found.')).toBeVisible();
    await search.fill('lUc');
    await expect(dialog.getByRole('link', { name: 'LUCKY chat' })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(dialog.getByRole('link', { name: 'LUCKY on X' })).toHaveAttribute('target', '_blank');
    await dialog.getByRole('button', { name: /^LUCKY \(min bet/ }).click();
    await expect(page).toHaveURL(/\/slots\/lucky$/);
    await expect(page.getByTestId('selected-token')).toHaveText('LUCKY');
    await expect(page.getByLabel('Bet Amount')).toHaveValue('10');

    await page.getByRole('button', { name: /Select token/ }).click();
    await page.getByRole('dialog', { name: 'Select Token' }).getByPlaceholder('Search by name...').fill('spike');
    await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: /^SPIKE \(min bet/ }).click();
    await expect(page.getByLabel('Bet Amount')).toHaveValue('10000');
  });

  test('paytable shows the odds computed from the contract table', async ({ page }) => {
    await page.goto('/slots');
    await page.getByRole('button', { name: 'Paytable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paytable & Game Guide' });
    await expect(dialog).toContainText('Win chance56.00%');
    await expect(dialog).toContainText('Profit chance24.00%');
    await expect(dialog).toContainText('Return to player89.20%');
    await expect(dialog).toContainText('Tiny (0.5x) and Small (0.8x) return less than the bet.');
    await expect(dialog).toContainText('development fee of 5%');
    await expect(dialog.getByRole('row', { name: /Super Jackpot.*50x.*0\.10%/ })).toBeVisible();
    await expect(dialog.getByRole('row', { name: /No Win.*0x.*44\.00%/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test('input rules: any amount can be typed; below the minimum is flagged on blur, never changed while typing', async ({ page }) => {
    // Many keystrokes and two page loads: on a loaded machine each step can take seconds.
    test.setTimeout(120_000);
    await page.goto('/slots/lucky');
    const bet = page.getByLabel('Bet Amount');
    const spins = page.getByLabel('Number of Spins');
    const betProblem = page.getByTestId('slot-bet-problem');
    const spinsProblem = page.getByTestId('slot-spins-problem');
    // Keystroke by keystroke: "25" used to read 105 and "100" 1000 (each digit below 10 became 10).
    for (const typed of ['25', '100', '12.55']) {
      await bet.fill('');
      await bet.pressSequentially(typed);
      await expect(bet).toHaveValue(typed);
      await expect(betProblem).toHaveCount(0);
    }
    await bet.pressSequentially('5'); // a third decimal is rejected
    await expect(bet).toHaveValue('12.55');
    await bet.fill('');
    await bet.pressSequentially('5');
    await expect(bet).toHaveValue('5');
    await expect(betProblem).toHaveCount(0);
    await spins.click(); // leaving the field flags it; the amount stays what the player typed
    await expect(bet).toHaveValue('5');
    await expect(betProblem).toHaveText('Minimum bet is 10 LUCKY!');
    await expect(bet).toHaveAttribute('aria-invalid', 'true');
    await bet.fill('');
    await spins.click(); // blur: empty → minimum
    await expect(bet).toHaveValue('10');
    await expect(betProblem).toHaveCount(0);

    for (const typed of ['25', '1000', '1500']) {
      await spins.fill('');
      await spins.pressSequentially(typed);
      await expect(spins).toHaveValue(typed);
    }
    await expect(spinsProblem).toHaveCount(0);
    await bet.click();
    await expect(spins).toHaveValue('1500');
    await expect(spinsProblem).toHaveText('Number of spins must be between 1 and 1000!');
    await spins.fill('250');
    await bet.fill('10.25');
    await expect(page.getByTestId('total-bet')).toHaveText('2562.50 LUCKY');
    await spins.fill('');
    await bet.click();
    await expect(spins).toHaveValue('1');

    // SUPRA: "0.5" used to become 0.15 (the 0 was raised to 0.1 first).
    await page.goto('/slots/supra');
    await bet.fill('');
    await bet.pressSequentially('0.5');
    await expect(bet).toHaveValue('0.5');
    await bet.fill('');
    await bet.pressSequentially('0.05');
    await bet.press('Enter');
    await expect(bet).toHaveValue('0.05');
    await expect(betProblem).toHaveText('Minimum bet is 0.1 SUPRA!');
  });

  test('not connected: Enter shows "Please connect your wallet first!"; the main button connects', async ({ page }) => {
    await useDevWallet(page, { autoApprove: true, account: 1 });
    await page.goto('/slots/lucky');
    await page.getByLabel('Bet Amount').press('Enter');
    await expect(page.getByText('Please connect your wallet first!')).toBeVisible();
    await connectHere(page);
    await expect(page.getByTestId('chip-balance-value')).not.toHaveText('0.00');
  });
});

// Tagged @chain: the spins share the devnet's global forced-outcome queue, so they run in
// the desktop project only (playwright.config.ts), one after another.
test.describe('slots: games on chain', { tag: '@chain' }, () => {
  test.describe.configure({ mode: 'serial' });
  test.beforeEach(async ({ request }) => {
    await forceOutcomes(request, []);
  });

  test('forced [6,0,3] LUCKY game at bet 10: messages in order, Total Won 515.00, exact balance and pot deltas', async ({ page, request }) => {
    test.setTimeout(60_000);
    const addr = await devAddress(request, 0);
    await useDevWallet(page, { autoApprove: true, account: 0 });
    await recordResults(page);
    await page.goto('/slots/lucky');
    await connectHere(page);
    await page.getByLabel('Bet Amount').fill('10');
    await page.getByLabel('Number of Spins').fill('3');
    await expect(page.getByTestId('total-bet')).toHaveText('30.00 LUCKY');

    const balBefore = await balance(request, addr, LUCKY);
    const potBefore = await pot(request, LUCKY);
    await forceOutcomes(request, [6, 0, 3]);
    const t0 = Date.now();
    await mainButton(page).click();
    await expect(mainButton(page)).toHaveText(/Spinning \(\d+\)/);
    await expect(page.getByText(/^Transaction sent! TXID: 0x[0-9a-f]{4}\.\.\.$/)).toBeVisible({ timeout: 15_000 });
    // The run ends on its summary, not on its last spin's message.
    await expect(page.getByTestId('result-line')).toHaveText('3 spins, 2 wins: Total Won 515.00 LUCKY of 30.00 LUCKY bet, net +485.00 LUCKY', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('chip-total-won-value')).toHaveText('515.00', { timeout: 5_000 });
    await expect(mainButton(page)).toHaveText('Spin Now');
    console.log(`[timing] 3-spin forced game: click → Total Won ${Date.now() - t0} ms`);
    // The three results in order, each with the button and reels as they stood when it was
    // announced (recorded in the page, so a slow test runner cannot miss a short state).
    const results = (await resultLog(page)).filter((r) => /Jackpot|No Win|Medium/.test(r.text));
    expect(results.map((r) => [r.text, r.button])).toEqual([
      ['Super Jackpot! 7️⃣7️⃣7️⃣ = 500.00 LUCKY', 'Spinning (3)'],
      ['No Win This Time!', 'Spinning (2)'],
      ['Medium! 🍉🍉🍉 = 15.00 LUCKY', 'Spinning (1)'],
    ]);
    expect(results[0]!.win0).toBe(true);

    const balAfter = await balance(request, addr, LUCKY);
    const potAfter = await pot(request, LUCKY);
    // Player: −30 LUCKY bet, +515 LUCKY prizes.
    expect(balAfter - balBefore).toBe(485_000_000n);
    // Pot: +30 − 5% fee (28.5 LUCKY) − 515 LUCKY prizes.
    expect(potAfter - potBefore).toBe(28_500_000n - 515_000_000n);
    await expect(page.getByTestId('chip-balance-value')).toHaveText(grouped(fmt2(balAfter, 6)));
  });

  test('a SUPRA game through /slots/supra, listed in Recent Spins with its /tx page', async ({ page, request }) => {
    test.setTimeout(60_000);
    await useDevWallet(page, { autoApprove: true, account: 1 });
    await page.goto('/slots/supra');
    await expect(page.getByTestId('selected-token')).toHaveText('SUPRA');
    await connectHere(page);
    await page.getByLabel('Number of Spins').fill('2');
    await forceOutcomes(request, [4, 1]);
    // Normal speed: in Turbo the first win toast can be replaced before the assertion polls.
    await mainButton(page).click();
    await expect(page.getByText('High! 🍓🍓🍓 = 0.30 SUPRA')).toBeVisible({ timeout: 15_000 });
    // The second result follows the first after its replay (on a loaded machine that can take over
    // 5 s), then the run's summary.
    await expect(page.getByTestId('result-line')).toHaveText('2 spins, 1 win, 1 partial return: Total Won 0.35 SUPRA of 0.20 SUPRA bet, net +0.15 SUPRA', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('chip-total-won-value')).toHaveText('0.35');
    await expect(mainButton(page)).toHaveText('Spin Now');

    const recent = page.getByRole('region', { name: 'Recent Spins' });
    const row = recent.getByTestId('recent-spin').filter({ hasText: '2× 0.10 SUPRA' }).first();
    await expect(row).toContainText('0.20');
    await expect(row).toContainText('+0.15');
    await row.getByRole('link').click();
    await expect(page).toHaveURL(/\/tx\/0x[0-9a-f]{64}$/);
    await expect(page.getByTestId('tx-status')).toHaveText('Success');
    await expect(page.getByRole('region', { name: 'Slot play' })).toContainText('Total won0.35 SUPRA');
  });

  test('before spinning: total bet above 5x pot, minimum bet, spins, balance loading, insufficient balance', async ({ page, request }) => {
    await useDevWallet(page, { autoApprove: true, account: 2 });
    await page.goto('/slots/lucky');
    await connectHere(page);
    const bet = page.getByLabel('Bet Amount');
    const spins = page.getByLabel('Number of Spins');

    // Total bet above 5× the pot (the real LUCKY pot).
    const limit = (await pot(request, LUCKY)) * 5n;
    await bet.fill('60000');
    await spins.fill('1000');
    // Account 2 holds no LUCKY, so Spin Now is aria-disabled; a press still reaches it and says why
    // (Playwright waits for enabled buttons unless forced).
    await mainButton(page).click({ force: true });
    await expect(page.getByText(`Total bet (60000000.00 LUCKY) exceeds 5x house pot (${fmt2(limit, 6)} LUCKY)!`)).toBeVisible();

    // An empty bet sent with Enter (no blur) is below the minimum.
    await spins.fill('3');
    await bet.fill('');
    await bet.press('Enter');
    await expect(page.getByTestId('result-line')).toHaveText('Minimum bet is 10 LUCKY!');
    await expect(page.getByTestId('slot-bet-problem')).toHaveText('Minimum bet is 10 LUCKY!');

    // Empty spins sent with Enter.
    await bet.fill('10');
    await spins.fill('');
    await spins.press('Enter');
    await expect(page.getByTestId('result-line')).toHaveText('Number of spins must be between 1 and 1000!');
    await spins.fill('3');

    // Account 2 holds no LUCKY: Spin Now is disabled, with the reason under it; pressing it says why.
    await expect(mainButton(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('spin-blocked-reason')).toHaveText('Your balance of 0.00 LUCKY is below the total bet of 30.00 LUCKY.');
    await mainButton(page).click({ force: true });
    await expect(page.getByText('Insufficient LUCKY balance!')).toBeVisible();
    await expect(mainButton(page)).toHaveText('Spin Now');

    // The server says the same when asked directly.
    const res = await request.post('/api/v1/slots/spins', {
      data: { sender: await devAddress(request, 2), token: 'LUCKY', betPerSpin: '10', spins: 3 },
    });
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Insufficient LUCKY balance!');
  });

  test('before spinning: pots and balance still loading', async ({ page }) => {
    await useDevWallet(page, { autoApprove: true, account: 1 });
    // A slow network: hold the pots and the balances answers.
    let releasePots: () => void = () => {};
    const potsHeld = new Promise<void>((r) => (releasePots = r));
    await page.route('**/api/v1/slots/pots', async (route) => {
      await potsHeld;
      await route.continue();
    });
    await page.goto('/slots/lucky');
    await connectHere(page);
    await mainButton(page).click();
    await expect(page.getByText('Please wait for house pot balance to load!')).toBeVisible();

    let releaseBalances: () => void = () => {};
    const balancesHeld = new Promise<void>((r) => (releaseBalances = r));
    await page.route('**/api/v1/accounts/*/balances', async (route) => {
      await balancesHeld;
      await route.continue();
    });
    releasePots();
    await expect(page.getByTestId('chip-pot-value')).not.toHaveText('…');
    // Switching the token resets the balance display and reads it again (held).
    await page.getByRole('button', { name: /Select token/ }).click();
    await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: /^SUPRA \(min bet/ }).click();
    await page.getByRole('button', { name: /Select token/ }).click();
    await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: /^LUCKY \(min bet/ }).click();
    await expect(page.getByTestId('chip-balance-value')).toHaveText('0.00');
    await mainButton(page).click();
    await expect(page.getByText('Please wait for LUCKY balance to load!')).toBeVisible();
    releaseBalances();
    await expect(page.getByTestId('chip-balance-value')).not.toHaveText('0.00');
  });

  test('before spinning: a house pot drained to zero', async ({ page, request }) => {
    test.setTimeout(60_000);
    // Drain the NANA pot to exactly 0 with real plays (account 5, funded through the admin):
    // a No Win play with bet b0 brings the pot to F1 = 981·k, then one Super Jackpot at bet 20·k
    // pays 1000·k while the pot receives 19·k (bet − 5% fee): F1 + 19k − 1000k = 0.
    const account = 5;
    const addr = await devAddress(request, account);
    const nana = await tokenInfo(request, NANA);
    await setBalance(request, addr, nana.coinType, 10n ** 15n);
    let f = await pot(request, nana.coinType);
    if (f > 0n) {
      const h = (b: bigint) => b - b / 20n;
      const minBet = 10n ** 7n;
      let f1 = ((f + h(minBet) + 980n) / 981n) * 981n;
      let b0 = ((f1 - f) * 20n) / 19n - 2n;
      if (b0 < minBet) b0 = minBet;
      while (f + h(b0) < f1) b0++;
      if (f + h(b0) !== f1) {
        f1 += 981n;
        while (f + h(b0) < f1) b0++;
      }
      expect(f + h(b0)).toBe(f1);
      await forceOutcomes(request, [0]);
      await playViaApi(request, account, NANA, fmt6(b0), 1);
      f = await pot(request, nana.coinType);
      expect(f).toBe(f1);
      await forceOutcomes(request, [6]);
      await playViaApi(request, account, NANA, fmt6((f1 / 981n) * 20n), 1);
      expect(await pot(request, nana.coinType)).toBe(0n);
    }
    await useDevWallet(page, { autoApprove: true, account });
    await page.goto('/slots/nana');
    await connectHere(page);
    await expect(page.getByTestId('chip-pot-value')).toHaveText('0.00');
    await expect(page.getByRole('note')).toContainText('would be more than the NANA house pot (0.00 NANA)');
    await mainButton(page).click();
    await expect(page.getByText('House pot balance is unavailable or zero!')).toBeVisible();
  });

  test('a transaction still pending after the wait, and one without a PlayEvent, show the spec errors', async ({ page }) => {
    test.setTimeout(60_000);
    await useDevWallet(page, { autoApprove: true, account: 1 });
    await page.goto('/slots/lucky');
    await connectHere(page);
    // The node answers "still pending" after the 30 s wait.
    await page.route('**/api/v1/tx/*', (route) => {
      const hash = new URL(route.request().url()).pathname.split('/').pop()!;
      return route.fulfill({ json: { txHash: hash, status: 'Pending' } });
    });
    await mainButton(page).click();
    await expect(page.getByText(/^Error fetching TX 0x[0-9a-f]{64}: Timeout$/)).toBeVisible({ timeout: 15_000 });
    await expect(mainButton(page)).toHaveText('Spin Now');
    await page.unroute('**/api/v1/tx/*');

    // A final transaction whose events hold no PlayEvent.
    await page.route('**/api/v1/tx/*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      return route.fulfill({ response: res, json: { ...body, play: null } });
    });
    await mainButton(page).click();
    await expect(page.getByText('Error processing spins: PlayEvent not found')).toBeVisible({ timeout: 15_000 });
    await expect(mainButton(page)).toHaveText('Spin Now');
  });

  test('a spin rejected in the Dev Wallet shows "Transaction rejected!" and returns to idle', async ({ page, request }) => {
    const addr = await devAddress(request, 1);
    await useDevWallet(page, { account: 1 });
    await page.goto('/slots/lucky');
    await expect(mainButton(page)).toHaveText('Connect Wallet');
    await mainButton(page).click();
    await openDevWalletPanel(page);
    await page.getByRole('group', { name: 'Connect request' }).getByRole('button', { name: 'Approve' }).click();
    await expect(mainButton(page)).toHaveText('Spin Now');
    const before = await balance(request, addr, LUCKY);
    await mainButton(page).click();
    await expect(mainButton(page)).toHaveText('Spinning (1)');
    await expect(page.getByRole('button', { name: /Select token/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Paytable' })).toBeDisabled();
    await page.getByRole('group', { name: /request/i }).getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Transaction rejected!')).toBeVisible();
    await expect(mainButton(page)).toHaveText('Spin Now');
    await expect(page.getByRole('button', { name: /Select token/ })).toBeEnabled();
    expect(await balance(request, addr, LUCKY)).toBe(before);
  });

  test('1,000 spins: after confirmation Skip shows the final Total Won within 2 seconds', async ({ page, request }) => {
    test.setTimeout(90_000);
    await useDevWallet(page, { autoApprove: true, account: 0 });
    await page.goto('/slots/lucky');
    await connectHere(page);
    await page.getByLabel('Number of Spins').fill('1000');
    await expect(page.getByTestId('total-bet')).toHaveText('10000.00 LUCKY');
    await mainButton(page).click();
    const skip = page.getByRole('button', { name: 'Skip' });
    await expect(skip).toBeVisible({ timeout: 30_000 });
    const t0 = Date.now();
    await skip.click();
    await expect(page.getByTestId('chip-total-won')).toBeVisible({ timeout: 2_000 });
    await expect(mainButton(page)).toHaveText('Spin Now', { timeout: 2_000 });
    console.log(`[timing] 1000 spins: Skip → Total Won ${Date.now() - t0} ms`);
    const won = (await page.getByTestId('chip-total-won-value').innerText()).replace(/[^\d.]/g, '');
    const addr = await devAddress(request, 0);
    const hist = await request.get(`/api/v1/slots/history/${addr}?limit=1`);
    const last = ((await hist.json()) as { spins: { won: string; spins: string }[] }).spins[0]!;
    expect(last.spins).toBe('1000');
    expect(won).toBe(fmt2(BigInt(last.won), 6));
  });
});

// The reels against the announced outcome, at both widths (these run in the desktop and the mobile
// project: @state holds the chain lock from snapshot to revert, so the forced-outcome queue is
// never shared with another test).
test.describe('slots: the reels show the announced outcome', { tag: CHANGES_CHAIN }, () => {
  const TIER_TEXT = ['No Win This Time!', 'Tiny!', 'Small!', 'Medium!', 'High!', 'Jackpot!', 'Super Jackpot!'];
  // LUCKY prize of each tier at a bet of 10 (multiplier × 10), in base units.
  const PRIZE = [0n, 5_000_000n, 8_000_000n, 15_000_000n, 30_000_000n, 100_000_000n, 500_000_000n];

  function results(log: ResultRecord[]) {
    return log.filter((r) => ['win', 'partial', 'lose'].includes(r.type) && r.symbols !== '');
  }

  /** Every announced result: the reels showed exactly its symbols, and it names the forced tier. */
  function expectReelsMatch(log: ResultRecord[], tiers: number[]) {
    const got = results(log);
    expect(got, got.map((r) => r.text).join(' | ')).toHaveLength(tiers.length);
    for (const [i, t] of tiers.entries()) {
      const r = got[i]!;
      if (t === 0) expect(r.text).toBe(TIER_TEXT[0]);
      else expect(r.text.startsWith(`${TIER_TEXT[t]} `), `"${r.text}" announces tier ${t}`).toBe(true);
      expect(r.reels, `reels when "${r.text}" was announced`).toEqual(reelNames(r.symbols));
      expect(r.type).toBe(t === 0 ? 'lose' : t <= 2 ? 'partial' : 'win');
      if (t === 1 || t === 2) expect(r.text).toContain(`Partial return: ${fmt2(PRIZE[t]!, 6)} LUCKY back of 10.00 LUCKY`);
    }
  }

  async function setup(page: Page, request: APIRequest, spins: number) {
    await recordResults(page);
    await useDevWallet(page, { autoApprove: true, account: 0 });
    await page.goto('/slots/lucky');
    await connectHere(page);
    await page.getByLabel('Number of Spins').fill(String(spins));
    await expect(page.getByTestId('total-bet')).toHaveText(`${spins * 10}.00 LUCKY`);
    const addr = await devAddress(request, 0);
    return { addr, before: await balance(request, addr, LUCKY), potBefore: await pot(request, LUCKY) };
  }

  async function expectChain(request: APIRequest, addr: string, before: bigint, potBefore: bigint, tiers: number[]) {
    const staked = BigInt(tiers.length) * 10_000_000n;
    const prizes = tiers.reduce((a, t) => a + PRIZE[t]!, 0n);
    expect((await balance(request, addr, LUCKY)) - before).toBe(prizes - staked);
    expect((await pot(request, LUCKY)) - potBefore).toBe(staked - staked / 20n - prizes);
  }

  test('normal speed: a replay of all seven outcomes, each shown on the reels when announced @phone', async ({ page, request }) => {
    test.setTimeout(120_000);
    const tiers = [1, 2, 0, 3, 4, 5, 6];
    const { addr, before, potBefore } = await setup(page, request, tiers.length);
    await forceOutcomes(request, tiers);
    await mainButton(page).click();
    await expect(page.getByTestId('chip-total-won-value')).toHaveText('658.00', { timeout: 60_000 });
    await expect(mainButton(page)).toHaveText('Spin Now');
    expectReelsMatch(await resultLog(page), tiers);
    expect(await reelLabels(page)).toEqual(reelNames('seven,seven,seven'));
    await expect(page.getByTestId('reel-0')).toHaveAttribute('data-win', 'true');
    await expectChain(request, addr, before, potBefore, tiers);
  });

  test('Turbo, started from the keyboard: every outcome on the reels, focus stays on Spin Now, a token change clears the win @phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const tiers = [0, 6, 5, 4, 3, 2, 1, 4];
    const { addr, before, potBefore } = await setup(page, request, tiers.length);
    // From the keyboard too: on a phone the connect toasts can sit over the switch for a moment.
    await page.getByRole('switch', { name: 'Turbo' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('switch', { name: 'Turbo' })).toHaveAttribute('aria-checked', 'true');
    await forceOutcomes(request, tiers);
    await mainButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(mainButton(page)).toHaveText(/Spinning/);
    // Focus stays on the pressed button while it is busy (it used to fall to <body>).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('main-button');
    await expect(mainButton(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(mainButton(page)).toHaveText('Spin Now', { timeout: 60_000 });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('main-button');
    expectReelsMatch(await resultLog(page), tiers);
    expect(await reelLabels(page)).toEqual(reelNames('strawberry,strawberry,strawberry'));
    await expectChain(request, addr, before, potBefore, tiers);

    // The win highlight and message belong to LUCKY: picking SUPRA clears them.
    await expect(page.getByTestId('reel-0')).toHaveAttribute('data-win', 'true');
    await page.getByRole('button', { name: /Select token/ }).click();
    await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: /^SUPRA \(min bet/ }).click();
    await expect(page.getByTestId('selected-token')).toHaveText('SUPRA');
    for (const i of [0, 1, 2]) await expect(page.getByTestId(`reel-${i}`)).toHaveAttribute('data-win', 'false');
    await expect(page.getByTestId('result-line')).toHaveText('');
    await expect(page.getByTestId('chip-total-won')).toHaveCount(0);
  });

  test('Skip during a replay: the reels show the last outcome and the summary; exact balance change @phone', async ({ page, request }) => {
    test.setTimeout(90_000);
    const tiers = [3, 0, 6, 4, 5, 0, 2];
    const { addr, before, potBefore } = await setup(page, request, tiers.length);
    await forceOutcomes(request, tiers);
    await mainButton(page).click();
    // Skip once the first result was announced.
    await expect(page.getByTestId('result-line')).toHaveAttribute('data-type', 'win', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(mainButton(page)).toHaveText('Spin Now');
    // Skip goes away with the replay: focus comes back to Spin Now, not to the page.
    await expect(mainButton(page)).toBeFocused();
    await expect(page.getByTestId('result-line')).toHaveText(
      '7 spins, 4 wins, 1 partial return: Total Won 653.00 LUCKY of 70.00 LUCKY bet, net +583.00 LUCKY',
    );
    // Skipped or not, the run's summary lists every spin.
    await expect(page.getByTestId('run-spin')).toHaveCount(7);
    expect(await page.getByTestId('run-spin').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-tier'))))).toEqual(tiers);
    const log = await resultLog(page);
    expect(await reelLabels(page)).toEqual(reelNames('lemon,lemon,lemon'));
    await expect(page.getByTestId('reel-0')).toHaveAttribute('data-result', 'partial');
    for (const r of results(log)) expect(r.reels).toEqual(reelNames(r.symbols));
    await expectChain(request, addr, before, potBefore, tiers);
  });

  test('single spins at normal speed: a win, a partial return and a loss; the message covers no control @phone', async ({ page, request }, info) => {
    test.setTimeout(150_000);
    const { addr, before, potBefore } = await setup(page, request, 1);
    const cases: [number, string, string][] = [
      [4, 'win', 'High! 🍓🍓🍓 = 30.00 LUCKY'],
      [1, 'partial', 'Tiny! 🍒🍒🍒 Partial return: 5.00 LUCKY back of 10.00 LUCKY'],
      [0, 'loss', 'No Win This Time!'],
    ];
    for (const [tier, name, text] of cases) {
      await forceOutcomes(request, [tier]);
      await mainButton(page).click();
      await expect(page.getByTestId('result-line')).toHaveText(text, { timeout: 30_000 });
      await expect(mainButton(page)).toHaveText('Spin Now');
      const rec = results(await resultLog(page)).at(-1)!;
      expect(rec.text).toBe(text);
      expect(rec.reels).toEqual(reelNames(rec.symbols));
      expect(await reelLabels(page)).toEqual(reelNames(rec.symbols));
      if (tier === 0) expect(new Set(rec.symbols.split(',')).size).toBeGreaterThan(1);
      await expectNoOverlap(page);
      if (process.env.SCREENSHOTS) {
        // The machine from its top (token, chips) down, just under the sticky header.
        await page.evaluate(() => {
          const machine = document.querySelector('section[aria-label="Slot machine"]')!;
          window.scrollTo(0, machine.getBoundingClientRect().top + window.scrollY - 72);
        });
        await page.screenshot({ path: `../docs/screenshots/slots-${name}-${info.project.name}.png` });
      }
    }
    await expectChain(request, addr, before, potBefore, cases.map(([t]) => t));
  });
});

/** The result line's box intersects no visible button, field, switch or link of the slot machine. */
async function expectNoOverlap(page: Page) {
  await expect(page.getByTestId('result-line')).toBeVisible();
  // One pass in the page: the boxes of the line and of every control, from the same layout.
  const { checked, overlapping } = await page.evaluate(() => {
    const line = document.querySelector('[data-testid="result-line"]')!.getBoundingClientRect();
    const machine = document.querySelector('section[aria-label="Slot machine"]')!;
    const hits: string[] = [];
    let n = 0;
    for (const el of Array.from(machine.querySelectorAll('button, input, a, [role="switch"]'))) {
      const b = el.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      n++;
      if (line.left < b.right && b.left < line.right && line.top < b.bottom && b.top < line.bottom) hits.push(el.outerHTML.slice(0, 80));
    }
    return { checked: n, overlapping: hits };
  });
  expect(checked).toBeGreaterThan(5);
  expect(overlapping).toEqual([]);
}

async function tokenInfo(request: Parameters<typeof devAddress>[0], name: string) {
  const res = await request.get('/api/v1/config');
  const cfg = (await res.json()) as { tokens: { name: string; coinType: string; decimals: number }[] };
  const t = cfg.tokens.find((x) => x.name === name);
  if (!t) throw new Error(`no token ${name}`);
  return t;
}

function grouped(text: string): string {
  return text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function fmt6(units: bigint): string {
  const s = units.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`;
}
