import { test as base, expect, type Page } from '@playwright/test';

/**
 * `test` with an automatic check that the page logged no console error and threw no
 * uncaught exception during the test.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
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
