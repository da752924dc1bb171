import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { devAddress } from './support/chain';
import { concreteRoutes, genesisBurnHash } from './support/routes';
import { useDevWallet } from './support/dev-wallet';

/**
 * What sticks out past the right edge: the outermost elements wider than the viewport that no
 * scroll container of their own holds, named so a failure says which card or table to fix.
 */
async function overflow(page: Page, vw: number): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate((vw) => {
    const culprits: string[] = [];
    const scrolls = (el: Element) => {
      const s = getComputedStyle(el);
      return s.overflowX === 'auto' || s.overflowX === 'scroll' || s.overflowX === 'hidden' || s.overflowX === 'clip';
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${(el.getAttribute('class') ?? '').split(/\s+/).slice(0, 4).join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const walk = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > vw + 0.5 && getComputedStyle(el).position !== 'fixed') {
        // Report the deepest element that still sticks out, not every ancestor of it.
        const kids = Array.from(el.children).filter((c) => c.getBoundingClientRect().right > vw + 0.5);
        if (kids.length === 0) culprits.push(`${name(el)} right=${Math.round(r.right)}`);
      }
      if (scrolls(el) && el !== document.documentElement && el !== document.body) return;
      for (const c of Array.from(el.children)) walk(c);
    };
    walk(document.body);
    // A table wider than the box around it hides its last columns behind a sideways scroll.
    for (const t of Array.from(document.querySelectorAll('table'))) {
      const box = t.parentElement;
      const w = t.getBoundingClientRect().width;
      if (box && w > 0 && w > box.clientWidth + 0.5) culprits.push(`table ${name(t)} is ${Math.round(w)} px in ${box.clientWidth} px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, culprits: culprits.slice(0, 8) };
  }, vw);
}

const WIDTH = 375;

// One test over every route of the router at 375 px, with the dev wallet connected and without.
// /burn/{hash} and /tx/{hash} show the genesis burn, a real transaction that changes nothing.
test('no route scrolls sideways at 375 px, connected or not @mobile', async ({ page, browser, consoleErrors }) => {
  test.setTimeout(300_000);
  const hash = await genesisBurnHash(page.request);
  const routes = concreteRoutes({ burnHash: hash, txHash: hash, address: await devAddress(page.request, 1) });
  // The fixture's page is the disconnected one; the connected one gets its own storage.
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: 812 },
    isMobile: true,
    hasTouch: true,
    baseURL: test.info().project.use.baseURL,
  });
  const connectedPage = await context.newPage();
  connectedPage.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
  connectedPage.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(`console.error: ${msg.text()} (${msg.location().url})`);
  });
  await useDevWallet(connectedPage, { autoApprove: true, account: 0 });
  await connectedPage.addInitScript(() => localStorage.setItem('devWallet.connected', '1'));
  for (const [p, state] of [
    [page, 'not connected'],
    [connectedPage, 'connected'],
  ] as const) {
    for (const r of routes) {
      await test.step(`${r.url} (${state})`, async () => {
        await p.goto(r.url);
        await expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
        if (state === 'connected') await expect(p.getByRole('button', { name: /^Wallet 0x/ })).toBeVisible();
        await p.waitForLoadState('networkidle');
        const o = await overflow(p, WIDTH);
        const where = `${r.url} (${state}): ${o.culprits.join(' | ')}`;
        // A mobile browser widens its layout viewport to fit content that sticks out, so
        // innerWidth alone would grow with the overflow: both must stay at the phone's 375 px.
        expect.soft(o.innerWidth, where).toBe(WIDTH);
        expect.soft(o.scrollWidth, where).toBeLessThanOrEqual(WIDTH);
        expect.soft(o.culprits, `${where}: nothing sticks out past the right edge`).toEqual([]);
      });
    }
  }
  await context.close();
});
