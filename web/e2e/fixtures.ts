import { test as base, expect, type Page, type Response } from '@playwright/test';
import { withChainSnapshot } from './support/chain';

/** Tag of a test that changes chain state (transactions, admin writes) and runs in both projects. */
export const CHANGES_CHAIN = '@state';

/**
 * `test` with an automatic check that the page logged no console error and threw no
 * uncaught exception during the test, and a devnet snapshot around every test that changes the
 * chain (tagged @chain or @state): it is reverted afterwards, so no spec file relies on what another
 * spec file did or on the order they run in.
 */
export const test = base.extend<{ consoleErrors: string[]; chainSnapshot: void }>({
  // A route with a fixed path comes with its first screen in the HTML, painted before the app has
  // taken it over (docs/development.md): a tap in that moment is kept by the boot script and made
  // again, but typing or a tap on anything else is the browser's alone. Tests act as a person who
  // looks first: after going to such a page they wait for the app, whose footer comes once the page
  // is loaded and idle.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const settled = async (res: Response | null) => {
      if (res && (res.headers()['content-type'] ?? '').startsWith('text/html') && (await res.text()).includes('id="route-scripts"')) {
        await page.getByRole('contentinfo').waitFor({ timeout: 20_000 });
      }
      return res;
    };
    page.goto = async (url, options) => settled(await goto(url, options));
    page.reload = async (options) => settled(await reload(options));
    await use(page);
  },
  chainSnapshot: [
    async ({ request }, use, testInfo) => {
      if (!testInfo.tags.some((t) => t === '@chain' || t === CHANGES_CHAIN)) {
        await use();
        return;
      }
      await withChainSnapshot(request, process.env.E2E_PORT ?? '18080', () => use());
    },
    // Its own time: waiting for another worker's state-changing test is not this test's time.
    { auto: true, timeout: 180_000 },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console.error: ${msg.text()} (${msg.location().url})`);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      expect(errors, 'no console errors or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1440) < 1024;
}

/** Opens the mobile menu and returns its navigation landmark. */
export async function openMobileMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  const nav = page.getByRole('navigation', { name: 'Mobile' });
  await expect(nav).toBeVisible();
  return nav;
}
