import { expect, test } from './fixtures';

/** The route table: every route shows its title (h1) and sets document.title. */
const routes: { path: string; title: string | RegExp; doc: RegExp }[] = [
  { path: '/', title: /WELCOME TO\s*LUCKYCOIN/, doc: /LuckyCoin/ },
  { path: '/play', title: 'GAME HUB', doc: /GAME HUB/ },
  { path: '/slots', title: 'FRUIT SPIN FRENZY', doc: /FRUIT SPIN FRENZY/ },
  { path: '/slots/lucky', title: 'FRUIT SPIN FRENZY', doc: /FRUIT SPIN FRENZY/ },
  { path: '/swap', title: 'Swap', doc: /^Swap/ },
  { path: '/stats', title: 'Token Analytics', doc: /Token Analytics/ },
  { path: '/portfolio', title: 'Portfolio', doc: /^Portfolio/ },
  { path: '/activity', title: 'My Activity', doc: /^My Activity/ },
  { path: '/burn', title: 'Meme Burner', doc: /Meme Burner/ },
  { path: '/tokenindex', title: 'Token Overview', doc: /Token Overview/ },
  { path: '/minerz', title: 'Cosmic Miners', doc: /Cosmic Miners/ },
  { path: '/tools', title: 'TOOLS HUB', doc: /TOOLS HUB/ },
  { path: '/bots', title: 'Telegram Bots', doc: /Telegram Bots/ },
  { path: '/disclaimer', title: 'Risk Disclaimer', doc: /Disclaimer/ },
  { path: '/learn-more', title: 'The LuckyCoin Ecosystem', doc: /Ecosystem/ },
  { path: '/whitepaper', title: 'LuckyCoin Whitepaper', doc: /Whitepaper/ },
  ...['/rockpaper', '/cyberslots', '/coming-soon', '/nft-rewards'].map((path) => ({
    path,
    title: 'Mainnet Coming Soon',
    doc: /Mainnet Coming Soon/,
  })),
  // The devnet has the staking pool: both routes show the staking page (the placeholder elsewhere).
  ...['/staking', '/earn'].map((path) => ({ path, title: 'Staking', doc: /^Staking/ })),
];

// One page walks the whole table the way the app's links do (a client-side navigation, which is
// how a reader moves between screens): a full load of every route is cold-load.spec.ts's job, and
// the sideways-overflow check of every route lives in overflow.spec.ts.
test('every route shows its title and sets document.title @phone', async ({ page }) => {
  await page.goto('/tools');
  await expect(page.getByRole('heading', { level: 1, name: 'TOOLS HUB' })).toBeVisible();
  for (const r of routes) {
    await test.step(r.path, async () => {
      await page.evaluate((path) => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, r.path);
      await expect(page).toHaveURL(r.path);
      await expect(page.getByRole('heading', { level: 1, name: r.title })).toBeVisible();
      await expect(page).toHaveTitle(r.doc);
    });
  }
});

test('the placeholder screen has the spec texts', async ({ page }) => {
  await page.goto('/coming-soon');
  await expect(page.getByText('We are working on something amazing!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stay Updated' })).toBeVisible();
  for (const name of ['Follow on X', 'Join Telegram']) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(page.getByText('Powered by')).toBeVisible();
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/definitely-not-a-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: /WELCOME TO/ })).toBeVisible();
});

test('/play lists only the slot game', async ({ page }) => {
  await page.goto('/play');
  await expect(page.getByText('Play, win, and earn tokens with our collection of blockchain games')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'FRUIT SPIN FRENZY' })).toBeVisible();
  await expect(page.getByText(/Rock, Paper, Scissors/)).toHaveCount(0);
  await expect(page.getByText('Fast Paced')).toBeVisible();
  await page.getByRole('link', { name: 'Play Now' }).click();
  await expect(page).toHaveURL('/slots');
});

test('/tools links to its four tools', async ({ page }) => {
  await page.goto('/tools');
  const expected: [string, string][] = [
    ['Portfolio', '/portfolio'],
    ['Token Burn', '/burn'],
    ['Token Index', '/tokenindex'],
    ['Telegram Bots', '/bots'],
  ];
  for (const [name, href] of expected) {
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', href);
  }
});
