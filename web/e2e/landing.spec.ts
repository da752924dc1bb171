import { CHANGES_CHAIN, expect, test } from './fixtures';
import { CLAIMS } from '../src/lib/claims/claims';

const CLAIM_PAGES = [
  { page: 'landing', path: '/' },
  { page: 'learn-more', path: '/learn-more' },
  { page: 'whitepaper', path: '/whitepaper' },
  { page: 'slots-fair', path: '/slots/fair' },
] as const;

for (const { page: name, path } of CLAIM_PAGES) {
  // Holds the chain lock (no other test's revert moves the figures between the reads and the page).
  test(`${path}: every claim is on the page, measured ones with the index's figure beside them ${CHANGES_CHAIN} @phone`, async ({ page, request }) => {
    type Sources = Record<string, { amount: string } | string | null>;
    const read = async () => (await (await request.get('/api/v1/burns/sources')).json()) as Sources;
    const sources = await read();
    await page.goto(path);
    for (const c of CLAIMS.filter((x) => x.page === name || x.page === 'footer')) {
      if (c.id.startsWith('eco-')) {
        // A line of the ecosystem dialog (the Trading card), worded from the list.
        await page.getByRole('button', { name: /^Trading\b/ }).click();
        await expect(page.getByRole('dialog', { name: 'Trading' })).toContainText(c.text);
        await page.keyboard.press('Escape');
        continue;
      }
      const el = page.locator(`[data-claim="${c.id}"]`).first();
      await el.scrollIntoViewIfNeeded();
      await expect(el.getByTestId('claim-text')).toHaveText(c.text);
      await expect(el).toHaveAttribute('data-claim-kind', c.kind);
      if (c.kind !== 'measured') continue;
      // The figure is the index's, to the base unit, beside the claim, with its source address
      // (other tests may burn meanwhile: it lies between a read before and one after).
      const shown = BigInt((await el.getByTestId('claim-amount').getAttribute('data-amount')) ?? '-1');
      const after = await read();
      expect(shown).toBeGreaterThanOrEqual(BigInt((sources[c.figure] as { amount: string }).amount));
      expect(shown).toBeLessThanOrEqual(BigInt((after[c.figure] as { amount: string }).amount));
      await expect(el.getByTestId('claim-amount')).toContainText(' LUCKY');
      const at = (c.source === 'feeCollector' ? sources.feeCollector : sources.burnAddress) as string;
      await expect(el.getByTestId('claim-figure').getByRole('link')).toHaveAttribute('aria-label', new RegExp(at));
    }
  });
}

test(`/slots/fair and /stats say where fees go, the figures the index sums ${CHANGES_CHAIN} @phone`, async ({ page, request }) => {
  const sources = (await (await request.get('/api/v1/burns/sources')).json()) as Record<string, { amount: string }>;
  for (const path of ['/slots/fair', '/stats']) {
    await page.goto(path);
    // /stats renders its lower part once it nears the screen.
    if (path === '/stats') await page.getByTestId('stats-lower').scrollIntoViewIfNeeded();
    const box = page.getByTestId('where-fees-go');
    await box.scrollIntoViewIfNeeded();
    await expect(box.getByRole('heading', { name: 'Where fees go' })).toBeVisible();
    for (const [label, key] of [
      ['Spin fees received', 'spinFees'],
      ['Burned by sells', 'bySells'],
      ['Burned by play', 'byPlay'],
      ['Burned by fees', 'byFees'],
      ['Burned by holders', 'byHolders'],
    ] as const) {
      // The index may have moved on since the read above: a figure never goes down.
      const shown = await box.locator(`[data-label="${label}"] [data-amount]`).getAttribute('data-amount');
      expect(BigInt(shown ?? '-1')).toBeGreaterThanOrEqual(BigInt(sources[key]!.amount));
    }
    await expect(box.getByTestId('devnet-differs')).toBeVisible();
  }
});

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
  await expect(page.getByText(`© ${new Date().getFullYear()} LuckyCoin.`, { exact: false })).toBeVisible();
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
