import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { LUCKY, SUPRA } from './support/chain';
import { indexed, send } from './support/index-chain';

// Runs in the cold-load-mobile project only (playwright.config.ts): a measurement at phone size,
// after every other test, when nothing else loads the machine.

const DEX = '0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8';
/** The cold-load budget of scripts/size.mjs, as the browser counts it (brotli bodies). */
const COLD_LOAD_KB = 110;

interface Fetched {
  path: string;
  /** 0: named by the HTML (the entry, or the boot script); n: asked for by a script of round n − 1. */
  round: number;
  bytes: number;
  /** Loaded by the shell once idle (scripts/routes.mjs, SHELL_LAZY), not by the route. */
  idle: boolean;
}

// What a phone fetches on a cold load of each key route with no one acting, as Chromium reports
// it: every script the HTML names (the entry and the route's modulepreload links) comes in the
// first round and the route's own scripts in at most one more (a chart once candles arrive);
// the shell's idle parts (footer, wallet, sound: scripts/routes.mjs) load after the page is
// complete, in their own rounds. The brotli bodies of all of them stay within the budget that
// scripts/size.mjs holds the build to.
test('a cold load fetches its scripts in at most two rounds and within the budget', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  // Candles present, so /stats and /swap draw their charts as after any trade.
  const buy = await send(page.request, 2, `${DEX}::scripts::swap`, [SUPRA, LUCKY, `${DEX}::curves::Uncorrelated`], ['1000000000', '0']);
  await indexed(page.request, buy.hash);
  const { idle } = JSON.parse(await readFile(new URL('../dist/route-preloads.json', import.meta.url), 'utf8')) as { idle: string[] };
  const { viewport, isMobile, hasTouch, baseURL } = testInfo.project.use;
  const figures: Record<string, { total: number; rounds: Record<string, number[]> }> = {};
  for (const url of ['/', '/swap', '/stats', '/slots', '/burn']) {
    await test.step(url, async () => {
      const context = await browser.newContext({ viewport, isMobile, hasTouch, baseURL });
      const p = await context.newPage();
      const cdp = await context.newCDPSession(p);
      await cdp.send('Network.enable');
      const initiators = new Map<string, string | null>();
      cdp.on('Network.requestWillBeSent', (e) => {
        const path = new URL(e.request.url).pathname;
        if (!path.endsWith('.js')) return;
        const by = e.initiator.type === 'parser' ? null : (e.initiator.stack?.callFrames[0]?.url ?? e.initiator.url ?? '?');
        if (!initiators.has(path)) initiators.set(path, by && new URL(by, baseURL).pathname);
      });
      const response = await p.goto(url);
      // The scripts the page's HTML names itself: on a route with a prerendered screen, only the
      // boot script, which fetches the rest (in one round) once that screen is painted.
      const html = (await response?.text()) ?? '';
      const named = [...html.matchAll(/<(?:script|link rel="modulepreload")[^>]* (?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]);
      const list = /<script type="application\/json" id="route-scripts">(.*?)<\/script>/.exec(html)?.[1];
      const { entry = '', preload = [], later = [] } = list ? (JSON.parse(list) as { entry?: string; preload?: string[]; later?: string[] }) : {};
      /** What the server names for the route: in the HTML, or in the boot script's list. */
      const listed = [...named, entry, ...preload, ...later];
      await expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      await expect(p.getByRole('contentinfo')).toBeVisible({ timeout: 20_000 }); // the footer: the shell is idle
      await p.waitForLoadState('networkidle');
      const bodies = new Map(
        await p.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((e) => e as PerformanceResourceTiming)
            .filter((e) => new URL(e.name).pathname.startsWith('/assets/') && e.name.endsWith('.js'))
            .map((e) => [new URL(e.name).pathname, e.encodedBodySize] as [string, number]),
        ),
      );
      const round = (path: string, seen = new Set<string>()): number => {
        const by = initiators.get(path);
        if (by === null || by === undefined || seen.has(path)) return 0;
        return round(by, seen.add(path)) + 1;
      };
      /** Whether the shell's idle parts asked for it (or it is one). */
      const idleChain = (path: string | null | undefined, seen = new Set<string>()): boolean =>
        !!path && !seen.has(path) && (idle.includes(path) || idleChain(initiators.get(path), seen.add(path)));
      const fetched: Fetched[] = [...bodies].map(([path, bytes]) => ({ path, bytes, round: round(path), idle: !listed.includes(path) && idleChain(path) }));
      const total = fetched.reduce((n, f) => n + f.bytes, 0);
      const rounds: Record<string, number[]> = {};
      for (const f of fetched) (rounds[String(f.round)] ??= []).push(f.bytes);
      figures[url] = { total, rounds };
      const listing = fetched.map((f) => `${f.round} ${f.bytes} ${f.path}${f.idle ? ' (idle)' : ''}`).join('\n');
      console.log(`cold load ${url}: ${(total / 1000).toFixed(1)} KB brotli in ${fetched.length} scripts\n${listing}`);
      // Every script the server named arrives in the first round; the route's own come no later than the second.
      for (const path of named.filter((n) => n.startsWith('/assets/') && n.endsWith('.js'))) expect.soft(fetched.find((f) => f.path === path)?.round, `${url}: ${path}`).toBe(0);
      const route = fetched.filter((f) => !f.idle);
      for (const f of route) expect.soft(f.round, `${url}: ${f.path} came in round ${f.round}\n${listing}`).toBeLessThanOrEqual(1);
      expect.soft(total, `${url}: ${listing}`).toBeLessThanOrEqual(COLD_LOAD_KB * 1000);
      await context.close();
    });
  }
  await testInfo.attach('first-load.json', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
});
