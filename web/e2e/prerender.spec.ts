import { readFile } from 'node:fs/promises';
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';

// The routes with a fixed path come with their first screen in the HTML (scripts/prerender.mjs),
// which React then takes over without drawing it again (src/main.tsx hydrates it). The sweep of
// every route runs at phone size only (nothing in a first render reads the width).
const prerendered = JSON.parse(await readFile(new URL('../dist/prerendered.json', import.meta.url), 'utf8')) as { screens: Record<string, string> };
const screens = Object.entries(prerendered.screens).map(([pattern, html]) => ({ url: pattern === '/{$}' ? '/' : pattern, heading: html.includes('<h1') }));

interface First {
  main: Element | null;
  heading: Element | null;
}

/**
 * Loads url and checks that the elements the browser painted first are the very ones the app
 * ends with (React hydrated them instead of drawing the page again), and that nothing was said
 * about it on the console. Returns the heading's text at the end.
 */
async function hydrates(context: BrowserContext, url: string): Promise<string | null> {
  const p = await context.newPage();
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
  const h1 = p.getByRole('heading', { level: 1 }).first();
  const text = (await h1.count()) > 0 ? await h1.innerText() : null;
  expect(messages, `${url}: console`).toEqual([]);
  await p.close();
  return text;
}

test('every fixed route paints its first screen from the HTML, and the app keeps that screen @mobile', async ({ browser }, testInfo) => {
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
      const after = await hydrates(withScript, url);
      if (text !== null) expect(after, `${url}: the heading`).toBe(text);
    });
  }
  await noScript.close();
  await withScript.close();
});

// A returning visitor: what the app keeps in the browser (sound off, a slippage, an imported token,
// a referrer) and links with a query, none of which the build knew. The first render must still
// be the server's screen: the app applies them after it.
test('a returning visitor with stored settings and query links gets the same screen taken over @phone', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const { viewport, isMobile, hasTouch, baseURL } = testInfo.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, baseURL });
  await context.addInitScript(() => {
    localStorage.setItem('soundEnabled', 'false');
    localStorage.setItem('swap.slippageBps', '250');
    localStorage.setItem('minerz.referrer', `0x${'ab'.repeat(32)}`);
  });
  for (const url of ['/', '/slots', '/swap?from=LUCKY&to=SUPRA&amount=10', '/minerz?ref=0x1', '/activity?kind=swap', '/stats', '/burn']) {
    await test.step(url, async () => {
      await hydrates(context, url);
    });
  }
  await context.close();
});
