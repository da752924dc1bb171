import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';

// The routes with a fixed path come with their first screen in the HTML (scripts/prerender.mjs),
// which React then takes over without drawing it again (src/main.tsx hydrates it).
const prerendered = JSON.parse(await readFile(new URL('../dist/prerendered.json', import.meta.url), 'utf8')) as { screens: Record<string, string> };
const screens = Object.entries(prerendered.screens).map(([pattern, html]) => ({ url: pattern === '/{$}' ? '/' : pattern, heading: html.includes('<h1') }));

interface First {
  main: Element | null;
  heading: Element | null;
}

test('every fixed route paints its first screen from the HTML, and the app keeps that screen @phone', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  expect(screens.length, 'routes with a prerendered screen').toBeGreaterThanOrEqual(20);
  const { viewport, isMobile, hasTouch, baseURL } = testInfo.project.use;
  const noScript = await browser.newContext({ viewport, isMobile, hasTouch, baseURL, javaScriptEnabled: false });
  const withScript = await browser.newContext({ viewport, isMobile, hasTouch, baseURL });
  for (const { url, heading } of screens) {
    await test.step(url, async () => {
      // Without any script: the header and the page's heading (a page that waits for data before
      // it has one: its main area) are there, as the server sent them.
      const bare = await noScript.newPage();
      await bare.goto(url);
      await expect(bare.getByRole('link', { name: /home$/ }).first()).toBeVisible();
      await expect(bare.getByRole('main')).toBeAttached();
      const text = heading ? await bare.getByRole('heading', { level: 1 }).first().innerText() : null;
      await bare.close();

      // With the app: the elements the browser painted first are the very ones the app ends with
      // (React hydrated them instead of drawing the page again), and nothing was said about it.
      const p = await withScript.newPage();
      const messages: string[] = [];
      p.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
      });
      await p.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { first: First }).first = { main: document.querySelector('main'), heading: document.querySelector('h1') };
        });
      });
      await p.goto(url);
      // The footer comes once the app runs and the page is idle: the app has taken the page over.
      await expect(p.getByRole('contentinfo')).toBeVisible({ timeout: 15_000 });
      const kept = await p.evaluate(() => {
        const { main, heading } = (window as unknown as { first: First }).first;
        return { main: main !== null && main === document.querySelector('main'), heading: heading === null || heading.isConnected };
      });
      expect(kept, `${url}: the first screen's elements are the app's`).toEqual({ main: true, heading: true });
      if (text !== null) expect(await p.getByRole('heading', { level: 1 }).first().innerText()).toBe(text);
      expect(messages, `${url}: console`).toEqual([]);
      await p.close();
    });
  }
  await noScript.close();
  await withScript.close();
});
