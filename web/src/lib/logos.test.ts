import { describe, expect, it } from 'vitest';

// Token, miner and booster images are served from web/public/images (the token registry,
// internal/tokens/tokens.json, names each token's logo there). A browser shows nothing for an
// SVG that is not well-formed XML, so each one must parse.
const svgs = import.meta.glob<string>('/public/images/**/*.svg', { query: '?raw', import: 'default', eager: true });

describe('images', () => {
  it('finds the images', () => {
    expect(Object.keys(svgs).length).toBeGreaterThan(10);
  });

  it.each(Object.entries(svgs))('%s is well-formed SVG', (_file, text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.nodeName).toBe('svg');
  });
});
