import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests run against the real `lucky` binary (built by `make build`), which serves the
 * embedded production bundle exactly as users get it. Chromium comes from Debian (/usr/bin/chromium);
 * never download browsers.
 */
// Each checkout can run its own suite at once: E2E_PORT picks the binary's port (default 18080).
const port = Number(process.env.E2E_PORT ?? 18080);
const origin = `http://127.0.0.1:${port}`;
// LUCKY_BIN picks the binary (default the checkout's bin/lucky), so a second build can be tested beside it.
const bin = process.env.LUCKY_BIN ?? '../bin/lucky';
const minimalEvents = ['1', 'true'].includes(process.env.LUCKY_DEVNET_MINIMAL_EVENTS ?? '');

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium };
const phone = {
  ...devices['Pixel 5'],
  browserName: 'chromium' as const,
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  launchOptions: chromium,
};
const COLD_LOAD = '**/cold-load.spec.ts';
// What a cold load fetches, measured once, at phone size.
const FIRST_LOAD = '**/first-load.spec.ts';
// A trace and a screenshot are recorded for every test and thrown away when it passes, which makes
// each test about 40 % slower; CI keeps only the log (the failure summary prints each error). Set
// E2E_TRACE=1 to keep both for failed tests while working on one.
const keepFailures = process.env.E2E_TRACE === '1';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }], ['./e2e/support/failure-summary.ts']],
  outputDir: 'test-results',
  use: {
    baseURL: origin,
    trace: keepFailures ? 'retain-on-failure' : 'off',
    screenshot: keepFailures ? 'only-on-failure' : 'off',
    launchOptions: chromium,
  },
  projects: [
    {
      // @mobile tests need the mobile layout; @chain tests (shared devnet state) run here only.
      name: 'desktop',
      grepInvert: /@mobile/,
      testIgnore: [COLD_LOAD, FIRST_LOAD],
      use: desktop,
    },
    {
      // The phone project runs what the narrow layout can break: tests tagged @mobile (phone
      // only) or @phone (each screen's layout and main flow, also run on desktop). The rest of a
      // screen's logic is the same code at any width and runs once, on desktop, which keeps the
      // suite's time well inside the CI budget.
      name: 'mobile',
      grep: /@mobile|@phone/,
      grepInvert: /@chain/,
      testIgnore: [COLD_LOAD, FIRST_LOAD],
      use: phone,
    },
    // Cold loads measure layout shift, so they run last, when no other test is loading the
    // machine or changing the chain under them: a measurement, like Lighthouse, wants quiet.
    { name: 'cold-load-desktop', testMatch: COLD_LOAD, dependencies: ['desktop', 'mobile'], use: desktop },
    { name: 'cold-load-mobile', testMatch: [COLD_LOAD, FIRST_LOAD], dependencies: ['desktop', 'mobile'], use: phone },
  ],
  webServer: {
    // --history 0: the suite asserts exact genesis balances, so the devnet starts empty.
    // LUCKY_DEVNET_MINIMAL_EVENTS=1 runs the suite against events that carry only the fields
    // the product documents name (--minimal-events), as mainnet's may. The binary inherits this
    // process's environment, so LUCKY_DEVNET_MIN_GAS_PRICE=100000 runs it at mainnet's gas price.
    command: `${bin} serve --addr 127.0.0.1:${port} --history 0${minimalEvents ? ' --minimal-events' : ''}`,
    url: `${origin}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
