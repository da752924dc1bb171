import type { APIRequestContext, Page } from '@playwright/test';
import { CHANGES_CHAIN, expect, test } from './fixtures';
import { openDevWalletPanel, useDevWallet } from './support/dev-wallet';
import { balance, devAddress, forceOutcomes, LUCKY, SUPRA } from './support/chain';
import { connectHere, mainButton } from './support/slots';
import { fmt2Grouped, formatExactUnits } from '../src/lib/amounts';
import { formatDateTimeUS } from '../src/lib/format';

/**
 * Play safely (docs/product.md, Slots) on the real binary and devnet: the last 24 hours' totals
 * from the index, a loss limit and a cool-off that stop a play before anything is built or signed, and the
 * "How fair is this?" page. Accounts 6 and 7 are used by no other spec, so their sequence numbers
 * only move when this spec sends something.
 */

async function sequenceNumber(request: APIRequestContext, address: string): Promise<string> {
  const res = await request.get(`/rpc/v1/accounts/${address}`);
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { sequence_number: string }).sequence_number;
}

/** Every request that would build, sign or send a play. */
function watchPlays(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/v1/slots/spins' || u.pathname.startsWith('/rpc/v1/transactions') || u.pathname.startsWith('/devnet/wallet/sign')) {
      seen.push(`${r.method()} ${u.pathname}`);
    }
  });
  return seen;
}

function panel(page: Page) {
  return page.getByTestId('play-safe');
}

/** Opens the game and waits for it (it loads after the heading; a busy machine takes seconds). */
async function openGame(page: Page, path: string) {
  await page.goto(path);
  await expect(mainButton(page)).toBeVisible({ timeout: 30_000 });
}

/**
 * Presses Spin Now. It is aria-disabled while a limit blocks it, which Playwright's click waits
 * out; a player can still press it (it stays focusable), and the press must be refused.
 */
async function pressSpin(page: Page) {
  await mainButton(page).click({ force: true });
}

/** Connects with the Dev Wallet asking for every approval (nothing is approved by itself). */
async function connectAsking(page: Page) {
  await expect(mainButton(page)).toHaveText('Connect Wallet');
  await mainButton(page).click();
  await openDevWalletPanel(page);
  await page.getByRole('group', { name: 'Connect request' }).getByRole('button', { name: 'Approve' }).click();
  await expect(mainButton(page)).toHaveText('Spin Now', { timeout: 15_000 });
}

test.describe('slots: play safely', () => {
  // Many steps on a game that loads after its heading: on a loaded machine each can take seconds.
  test.beforeEach(() => test.setTimeout(120_000));
  test('the loss limit stops the next spin that would exceed it, before anything is signed @phone', async ({ page, request }) => {
    const addr = await devAddress(request, 6);
    await useDevWallet(page, { account: 6 });
    await openGame(page, '/slots/supra');
    await connectAsking(page);
    const limitInput = panel(page).getByLabel('Loss limit in SUPRA');
    await expect(panel(page).getByTestId('loss-limit-status')).toHaveText('No loss limit.');

    // Bad input: a clear message, nothing set.
    await limitInput.fill('12.123456789');
    await panel(page).getByRole('button', { name: 'Set limit' }).click();
    await expect(panel(page).getByRole('alert')).toHaveText('Enter an amount in SUPRA, with at most 8 decimals.');
    await limitInput.fill('0');
    await panel(page).getByRole('button', { name: 'Set limit' }).click();
    await expect(panel(page).getByRole('alert')).toHaveText('A loss limit must be above 0. To stop playing for a while, take a cool-off below.');
    await expect(panel(page).getByTestId('loss-limit-status')).toHaveText('No loss limit.');

    await limitInput.fill('0.25');
    await panel(page).getByRole('button', { name: 'Set limit' }).click();
    await expect(panel(page).getByTestId('loss-limit-news')).toHaveText('Your SUPRA loss limit is now 0.25 SUPRA.');
    await expect(panel(page).getByTestId('loss-limit-status')).toHaveText('Limit 0.25 SUPRA per 24 hours; 0.25 SUPRA left.');

    // 3 spins of 0.1 could lose 0.3: over the limit.
    await page.getByLabel('Number of Spins').fill('3');
    await expect(page.getByTestId('total-bet')).toHaveText('0.30 SUPRA');
    const refusal =
      'Loss limit: this play could lose 0.30 SUPRA, but your SUPRA loss limit is 0.25 SUPRA and 0.25 SUPRA of it is left over the last 24 hours. ' +
      'Lower the bet or the spins, or change the limit under Play safely (a lower limit applies at once, a higher one after 24 hours).';
    await expect(page.getByTestId('spin-blocked-reason')).toHaveText(refusal);
    // Refused: plainly off, with its reason tied to it.
    await expect(mainButton(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(mainButton(page)).toHaveAttribute('data-blocked', 'true');
    await expect(mainButton(page)).toHaveAttribute('aria-describedby', 'spin-blocked-reason');

    const seqBefore = await sequenceNumber(request, addr);
    const balBefore = await balance(request, addr, SUPRA);
    const plays = watchPlays(page);
    await pressSpin(page);
    await expect(page.getByTestId('result-line')).toHaveText(refusal);
    await expect(page.getByTestId('result-line')).toHaveAttribute('data-type', 'error');
    await page.getByLabel('Bet Amount').press('Enter');
    await expect(mainButton(page)).toHaveText('Spin Now');
    // Nothing was built, the wallet was not asked, nothing reached the chain.
    await page.waitForTimeout(1_000);
    expect(plays).toEqual([]);
    await expect(page.getByRole('group', { name: /request/i })).toHaveCount(0);
    expect(await sequenceNumber(request, addr)).toBe(seqBefore);
    expect(await balance(request, addr, SUPRA)).toBe(balBefore);

    // 2 spins (0.2) fit: the button is free again.
    await page.getByLabel('Number of Spins').fill('2');
    await expect(page.getByTestId('spin-blocked-reason')).toHaveCount(0);

    // A higher limit waits 24 hours; the current one still applies.
    await limitInput.fill('1');
    await panel(page).getByRole('button', { name: 'Set limit' }).click();
    await expect(panel(page).getByTestId('loss-limit-news')).toContainText('Raising the limit to 1.00 SUPRA takes effect at ');
    await expect(panel(page).getByTestId('loss-limit-news')).toContainText('(24 hours from now). Until then the current limit applies.');
    await expect(panel(page).getByTestId('loss-limit-status')).toHaveText('Limit 0.25 SUPRA per 24 hours; 0.25 SUPRA left.');
    await expect(panel(page).getByTestId('loss-limit-pending')).toContainText('A limit of 1.00 SUPRA from ');
    await page.getByLabel('Number of Spins').fill('3');
    await expect(page.getByTestId('spin-blocked-reason')).toContainText('your SUPRA loss limit is 0.25 SUPRA');

    // A lower one applies at once (and drops the waiting raise).
    await limitInput.fill('0.15');
    await panel(page).getByRole('button', { name: 'Set limit' }).click();
    await expect(panel(page).getByTestId('loss-limit-status')).toHaveText('Limit 0.15 SUPRA per 24 hours; 0.15 SUPRA left.');
    await expect(panel(page).getByTestId('loss-limit-pending')).toHaveCount(0);
    // It is kept in the browser for this wallet.
    await expect.poll(() => page.evaluate((a) => localStorage.getItem(`slots:playSafe:${a}`), addr)).toContain('"amount":"15000000"');
    // Another coin has no limit.
    await page.getByRole('button', { name: /Select token/ }).click();
    await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: /^LUCKY \(min bet/ }).click();
    await expect(page.getByTestId('selected-token')).toHaveText('LUCKY');
    await expect(panel(page).getByTestId('loss-limit-status')).toHaveText('No loss limit.');
  });

  test('a cool-off blocks play, shows when it resumes and cannot be ended early @phone', async ({ page, request }) => {
    const addr = await devAddress(request, 7);
    await useDevWallet(page, { autoApprove: true, account: 7 });
    await openGame(page, '/slots/supra');
    await connectHere(page);

    await panel(page).getByRole('button', { name: '24 hours' }).click();
    const confirm = panel(page).getByRole('group', { name: 'Confirm cool-off' });
    await expect(confirm).toContainText(/^Pause play for 24 hours, until .+\? It cannot be ended early\./);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(panel(page).getByTestId('cool-off-active')).toHaveCount(0);

    await panel(page).getByRole('button', { name: '1 hour' }).click();
    const clicked = Date.now();
    await panel(page).getByRole('group', { name: 'Confirm cool-off' }).getByRole('button', { name: 'Start cool-off' }).click();
    // The app stores the pause once it has handled the click: read it when it is there.
    const stored = () =>
      page.evaluate((a) => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('slots:playSafe:') && k.endsWith(a.slice(2)));
        return key ? ((JSON.parse(localStorage.getItem(key)!) as { coolOffUntil?: number }).coolOffUntil ?? 0) : 0;
      }, addr);
    await expect.poll(stored).toBeGreaterThan(0);
    const until = await stored();
    expect(until - clicked).toBeGreaterThan(3_590_000);
    expect(until - clicked).toBeLessThanOrEqual(3_600_000 + 5_000);
    const resumes = formatDateTimeUS(new Date(until));
    await expect(panel(page).getByTestId('cool-off-active')).toHaveText(`Play is paused. It resumes at ${resumes}.`);
    // No way to end it: the duration buttons are gone.
    await expect(panel(page).getByRole('button', { name: '1 hour' })).toHaveCount(0);

    const message = `You are on a cool-off: play resumes at ${resumes}. A cool-off cannot be ended early.`;
    await expect(page.getByTestId('spin-blocked-reason')).toHaveText(message);
    const seqBefore = await sequenceNumber(request, addr);
    const plays = watchPlays(page);
    await pressSpin(page);
    await expect(page.getByTestId('result-line')).toHaveText(message);
    // Every token: the pause is the wallet's, not the coin's; and it survives a reload.
    await openGame(page, '/slots/lucky');
    await expect(mainButton(page)).toHaveText('Spin Now', { timeout: 15_000 });
    await expect(page.getByTestId('spin-blocked-reason')).toHaveText(message);
    await pressSpin(page);
    await expect(page.getByTestId('result-line')).toHaveText(message);
    await page.waitForTimeout(500);
    expect(plays).toEqual([]);
    expect(await sequenceNumber(request, addr)).toBe(seqBefore);
  });

  test('a cool-off that ends frees play by itself @phone', async ({ page, request }) => {
    const addr = await devAddress(request, 7);
    await useDevWallet(page, { autoApprove: true, account: 7 });
    // The page's clock runs as usual and is moved on an hour below, instead of waiting it out.
    await page.clock.install();
    // A cool-off taken earlier that ends an hour after the page opens.
    await page.addInitScript((a) => {
      const key = `slots:playSafe:${a}`;
      if (!sessionStorage.getItem('e2e.coolOffSet')) {
        sessionStorage.setItem('e2e.coolOffSet', '1');
        localStorage.setItem(key, JSON.stringify({ limits: {}, coolOffUntil: Date.now() + 3_600_000 }));
      }
    }, addr);
    await openGame(page, '/slots/supra');
    await connectHere(page);
    await expect(panel(page).getByTestId('cool-off-active')).toBeVisible();
    await expect(page.getByTestId('spin-blocked-reason')).toContainText('You are on a cool-off');
    await page.clock.fastForward('59:00');
    await expect(panel(page).getByTestId('cool-off-active')).toBeVisible();
    await page.clock.fastForward('01:01');
    await expect(panel(page).getByTestId('cool-off-active')).toHaveCount(0);
    await expect(page.getByTestId('spin-blocked-reason')).toHaveCount(0);
    await expect(panel(page).getByRole('button', { name: '7 days' })).toBeVisible();
  });

  test('"How fair is this?" is linked from /slots and shows the odds from the paytable @phone', async ({ page }) => {
    await openGame(page, '/slots');
    await page.getByRole('link', { name: 'How fair is this?' }).click();
    await expect(page).toHaveURL(/\/slots\/fair$/);
    await expect(page.getByRole('heading', { level: 1, name: 'How Fair Is This?' })).toBeVisible();
    await expect(page.getByTestId('fair-win')).toHaveText('56.00%', { timeout: 30_000 });
    await expect(page.getByTestId('fair-profit')).toHaveText('24.00%');
    await expect(page.getByTestId('fair-rtp')).toHaveText('89.20%');
    await expect(page.getByRole('table', { name: 'Paytable and draw bands' }).getByRole('row', { name: /Super Jackpot.*50x.*0\.10%.*9,990–9,999/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /No Win.*0x.*44\.00%.*0–4,399/ })).toBeVisible();
    await expect(page.getByText('The other 10.80% is the 5% development fee taken from each bet and 5.80% kept by the house pot')).toBeVisible();
    // On the devnet it says exactly how a spin is drawn and what the player trusts.
    const source = page.getByRole('region', { name: "Where a spin's result comes from" });
    await expect(source).toContainText('SHA3-256("LUCKY::slots_v3::spin" ‖ seed ‖ transaction hash ‖ spin index)');
    await expect(source).toContainText("This is not Supra's on-chain randomness (dVRF)");
    const state = source.getByRole('link', { name: 'slots_v3 State resource' });
    await expect(state).toHaveAttribute('rel', 'noopener noreferrer');
    const res = await page.request.get((await state.getAttribute('href'))!);
    expect(res.ok()).toBeTruthy();
    const resource = (await res.json()) as { result: [{ forced_outcomes: unknown } | null] };
    expect(resource.result[0]?.forced_outcomes).toEqual(expect.any(Array));
    const check = page.getByRole('region', { name: 'Check a spin from its transaction' });
    await expect(check).toContainText('::slots_v3::PlayEvent');
    await check.getByLabel('Transaction hash').fill('0x1234');
    await check.getByRole('button', { name: 'Open' }).click();
    await expect(check.getByRole('alert')).toHaveText('A transaction hash is 0x followed by 64 hexadecimal characters.');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

// Real plays: @state holds the chain lock from snapshot to revert, so these run at both widths.
test.describe('slots: totals on chain', { tag: CHANGES_CHAIN }, () => {
  test('totals equal the on-chain outcome of real spins and survive a reload; Reset; a play checked from the fairness page @phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await forceOutcomes(request, []); // no forced results: the devnet's own draw
    const addr = await devAddress(request, 0);
    await useDevWallet(page, { autoApprove: true, account: 0 });
    await openGame(page, '/slots/lucky');
    await connectHere(page);
    // Account 0 plays in other specs too: its totals start from a Reset here.
    const reset = panel(page).getByRole('button', { name: 'Reset totals' });
    await expect(panel(page).getByTestId('session-loading')).toHaveCount(0, { timeout: 15_000 });
    if (await reset.isEnabled()) await reset.click();
    await expect(panel(page).getByTestId('session-empty')).toHaveText(/^No confirmed spins (in the last 24 hours|since you reset the totals)\./);
    await page.getByRole('switch', { name: 'Turbo' }).click();

    const before = await balance(request, addr, LUCKY);
    const supraBefore = await balance(request, addr, SUPRA);
    const fees: { amount: string; estimate: string }[] = [];
    for (const spins of ['3', '2']) {
      // Under Spin Now, the network fee of exactly this play, priced before it is signed.
      const priced = page.waitForResponse(
        (r) =>
          r.url().endsWith('/api/v1/slots/spins') &&
          r.request().method() === 'POST' &&
          (r.request().postDataJSON() as { spins: number }).spins === Number(spins),
      );
      await page.getByLabel('Number of Spins').fill(spins);
      fees.push(((await (await priced).json()) as { fee: { amount: string; estimate: string } }).fee);
      await expect(page.getByTestId('network-fee-line')).toContainText(/^Network fee [≈≤] \d+\.\d+ SUPRA/);
      await mainButton(page).click();
      await expect(mainButton(page)).toHaveText(/Spinning/);
      await expect(mainButton(page)).toHaveText('Spin Now', { timeout: 60_000 });
    }
    const after = await balance(request, addr, LUCKY);
    // Playing LUCKY, SUPRA pays only the two plays' gas: exactly the fees shown when they were
    // simulated (the account's key known from an earlier transaction), at most them as upper bounds.
    const gas = supraBefore - (await balance(request, addr, SUPRA));
    const shown = BigInt(fees[0]!.amount) + BigInt(fees[1]!.amount);
    if (fees.every((f) => f.estimate === 'simulation')) expect(gas).toBe(shown);
    else expect(gas > 0n && gas <= shown).toBeTruthy();

    // The chain: the two plays' events, through the history the index keeps.
    type History = { spins: { txHash: string; won: string; wagered: string; spins: string }[] };
    let hist: History = { spins: [] };
    // The index reads the chain a moment after the transactions are final.
    await expect
      .poll(async () => {
        hist = (await (await request.get(`/api/v1/slots/history/${addr}?limit=2`)).json()) as History;
        return hist.spins.map((s) => s.spins).sort();
      })
      .toEqual(['2', '3']);
    const won = hist.spins.reduce((a, s) => a + BigInt(s.won), 0n);
    const wagered = 50_000_000n;
    expect(after - before).toBe(won - wagered);

    const row = panel(page).getByTestId('session-row-LUCKY');
    await expect(row.getByRole('rowheader')).toHaveText('LUCKY5 spins');
    await expect(row.getByTestId('session-wagered')).toHaveText(formatExactUnits(wagered, 6));
    await expect(row.getByTestId('session-won')).toHaveText(formatExactUnits(won, 6));
    const net = after - before;
    await expect(row.getByTestId('session-net')).toHaveText(`${net > 0n ? '+' : net < 0n ? '−' : ''}${formatExactUnits(net < 0n ? -net : net, 6)}`);

    // A loss limit counts the last 24 hours, as the index sums them: room = limit + net.
    const day = (await (await request.get(`/api/v1/slots/totals/${addr}`)).json()) as { coins: { coinType: string; net: string }[] };
    const dayNet = BigInt(day.coins.find((c) => c.coinType === LUCKY)!.net);
    await panel(page).getByLabel('Loss limit in LUCKY').fill('100');
    await panel(page).getByRole('button', { name: 'Set limit' }).click();
    const room = 100_000_000n + dayNet;
    const netText = dayNet > 0n ? `+${fmt2Grouped(dayNet, 6)}` : `−${fmt2Grouped(-dayNet, 6)}`;
    const status =
      dayNet === 0n
        ? `Limit 100.00 LUCKY per 24 hours; ${fmt2Grouped(room, 6)} LUCKY left.`
        : `Limit 100.00 LUCKY per 24 hours; net ${netText} LUCKY so far${dayNet > 0n ? ' (winnings count), so' : ','} ${fmt2Grouped(room > 0n ? room : 0n, 6)} LUCKY left.`;
    await expect(panel(page).getByTestId('loss-limit-status')).toHaveText(status);

    // A reload shows the same totals and the same room: both come from the index.
    await openGame(page, '/slots/lucky');
    await expect(mainButton(page)).toHaveText('Spin Now', { timeout: 15_000 });
    await expect(row.getByTestId('session-won')).toHaveText(formatExactUnits(won, 6));
    await expect(row.getByTestId('session-wagered')).toHaveText(formatExactUnits(wagered, 6));
    await expect(panel(page).getByTestId('loss-limit-status')).toHaveText(status);

    // Reset clears the totals shown, not what the limit counts.
    await panel(page).getByRole('button', { name: 'Reset totals' }).click();
    await expect(panel(page).getByTestId('session-empty')).toHaveText(/^No confirmed spins since you reset the totals\./);
    await expect(panel(page).getByTestId('loss-limit-status')).toHaveText(status);

    // Check one play from its transaction, from the fairness page.
    await page.goto('/slots/fair');
    const check = page.getByRole('region', { name: 'Check a spin from its transaction' });
    await expect(check).toBeVisible({ timeout: 30_000 });
    await check.getByLabel('Transaction hash').fill(hist.spins[0]!.txHash);
    await check.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/tx/${hist.spins[0]!.txHash}$`));
    await expect(page.getByRole('heading', { name: 'Slot play' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/::slots_v3::PlayEvent$/)).toBeVisible();
  });
});
