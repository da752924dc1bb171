import { describe, expect, it } from 'vitest';
import { symbolsForTier } from '@/features/slots/utils/tiers';
import { formatBps, formatMultiplier, paytableFigures, TIERS } from '@/lib/slots/paytable';

describe('paytable figures, computed from the contract tier table', () => {
  const f = paytableFigures();

  // The product text states win chance 57% and profit chance 24.1%, but neither can be derived
  // from its own paytable: its rows sum to 99% (No Win 43%), and the winning tiers sum
  // to 56% (18+14+14+8+1.9+0.1), of which those above 1x sum to 24% (14+8+1.9+0.1). The devnet
  // contract gives No Win the complement (44%), so the UI shows what the contract actually does
  // (docs/product.md, Slots).
  it.each([
    ['probabilities sum to 100%', f.totalBps, 10_000, '100.00%'],
    ['win chance (multiplier > 0)', f.winChanceBps, 5_600, '56.00%'],
    ['profit chance (multiplier > 1)', f.profitChanceBps, 2_400, '24.00%'],
    ['return to player Σ p × multiplier', f.rtpBps, 8_920, '89.20%'],
  ])('%s', (_name, bps, wantBps, wantText) => {
    expect(bps).toBe(wantBps);
    expect(formatBps(bps)).toBe(wantText);
  });

  it('uses exactly the contract basis points, in tier order', () => {
    expect(TIERS.map((t) => t.bps)).toEqual([4400, 1800, 1400, 1400, 800, 190, 10]);
    expect(TIERS.map((t) => formatMultiplier(t.mulTenths))).toEqual(['0x', '0.5x', '0.8x', '1.5x', '3x', '10x', '50x']);
  });

  it('never shows three of a kind for No Win', () => {
    for (let i = 0; i < 200; i++) {
      const [a, b, c] = symbolsForTier(0);
      expect(a === b && b === c).toBe(false);
    }
    expect(symbolsForTier(6)).toEqual(['seven', 'seven', 'seven']);
  });
});
