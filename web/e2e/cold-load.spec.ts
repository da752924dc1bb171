import { expect, test } from './fixtures';
import { devAddress } from './support/chain';
import { concreteRoutes, genesisBurnHash } from './support/routes';

/** Each shift that counts toward cumulative layout shift (not ones right after user input). */
interface Shift {
  value: number;
  sources: string[];
}

// Every route of the router, loaded cold (a new browser context: no cache, no storage) at the
// project's width: no console warning or error, and a cumulative layout shift of at most 0.02,
// measured by Chromium's layout-shift entries. /burn/{hash} and /tx/{hash} show the genesis
// burn, a real transaction that changes nothing. The figures are attached to the report.
test('every route loads cold without console warnings and with CLS ≤ 0.02 @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(600_000);
  const hash = await genesisBurnHash(page.request);
  const figures: Record<string, number> = {};
  const { viewport, isMobile, hasTouch, baseURL } = testInfo.project.use;
  for (const r of concreteRoutes({ burnHash: hash, txHash: hash, address: await devAddress(page.request, 1) })) {
    await test.step(r.url, async () => {
      const context = await browser.newContext({ viewport, isMobile, hasTouch, baseURL });
      const p = await context.newPage();
      const messages: string[] = [];
      p.on('console', (m) => {
        if (m.type() === 'warning' || m.type() === 'error') messages.push(`${m.type()}: ${m.text()}`);
      });
      p.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
      await p.addInitScript(() => {
        const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[]) {
            if (e.hadRecentInput) continue;
            const sources = (e.sources ?? []).map((s) => {
              const el = s.node instanceof Element ? s.node : s.node?.parentElement;
              return el ? `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').split(' ').slice(0, 3).join('.')}` : '?';
            });
            w.__shifts.push({ value: e.value, sources });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await p.goto(r.url);
      // A cold load fetches every chunk anew: give a busy machine time.
      await expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      await p.waitForLoadState('networkidle');
      // Two frames, so a shift from the last response's render is reported.
      await p.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
      const shifts = await p.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
      const cls = shifts.reduce((a, s) => a + s.value, 0);
      figures[r.url.replace(hash, '{hash}')] = Math.round(cls * 10_000) / 10_000;
      console.log(`CLS ${testInfo.project.name} ${r.url.replace(hash, '{hash}')}: ${cls.toFixed(4)}`);
      expect.soft(cls, `${r.url}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02);
      expect.soft(messages, `${r.url}: no console warning or error`).toEqual([]);
      await context.close();
    });
  }
  await testInfo.attach('cls.json', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
  console.log(`CLS per route (${testInfo.project.name}):\n${Object.entries(figures).map(([u, v]) => `  ${u}: ${v}`).join('\n')}`);
});
