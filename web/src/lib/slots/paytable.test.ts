import { describe, expect, it } from 'vitest';
import { paytableFigures, SLOT_ODDS, TIERS, TOP_MUL_TENTHS } from '@/lib/slots/paytable';

describe('the one paytable', () => {
  it('states the contract figures: 56.00% win, 24.00% profit, 89.20% RTP, 50x top prize, 0.5x lowest', () => {
    expect(SLOT_ODDS).toEqual({ winChance: '56.00%', profitChance: '24.00%', rtp: '89.20%', topPrize: '50x', lowestPrize: '0.5x' });
    expect(TOP_MUL_TENTHS).toBe(500);
    expect(paytableFigures(TIERS).totalBps).toBe(10_000);
  });

  it('gives the build the same top prize the pages would compute (vite.config.ts)', () => {
    expect(import.meta.env.SLOT_TOP_PRIZE).toBe(SLOT_ODDS.topPrize);
    expect(import.meta.env.SLOT_WIN_CHANCE).toBe(SLOT_ODDS.winChance);
  });

  // Odds, RTP and the top prize must be read from the paytable, never typed into a page: the
  // landing page said "57% Win chance" while the game said 56.00%.
  it('no source file outside the paytable types an odds, RTP or top-prize figure', () => {
    // Every source file's text, through Vite (no file system access needed).
    const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const figure = /\b(?:5[67]|24(?:\.[01]0?)?|89(?:\.20?)?|4[34])(?:\.00)?\s?%|(?<![\w.])(?:50|100)\s?[x×](?![\w])/;
    const offenders: string[] = [];
    for (const [path, text] of Object.entries(sources)) {
      if (path === '/src/lib/slots/paytable.ts') continue;
      text.split('\n').forEach((line, i) => {
        // Comments may explain the figures; what a player reads must come from the table.
        const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
        if (figure.test(code)) offenders.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
