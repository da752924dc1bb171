import { useLayoutEffect, type RefObject } from 'react';

/** Font sizes (px) tried in turn, below the field's own size, until the value fits. */
const STEPS = [20, 18, 16, 14, 12];

/**
 * Shrinks an amount field's font until its whole value fits the field's width, so a large amount
 * never runs under the token button beside it ("74,887,312.24653100" on a phone). Measured, not
 * guessed from the length: digits, separators and the field's width differ. Past the smallest
 * size the field scrolls, and its title still shows the whole value.
 */
export function useFitFont(ref: RefObject<HTMLInputElement | null>, value: string) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // An empty field fits: measuring it would force a layout of the whole page in the middle of
    // React's commit (the swap form's first render, for one).
    if (!value) {
      el.style.fontSize = '';
      return;
    }
    const fit = () => {
      el.style.fontSize = '';
      const own = parseFloat(getComputedStyle(el).fontSize);
      for (const px of STEPS) {
        if (el.scrollWidth <= el.clientWidth) return;
        if (px < own) el.style.fontSize = `${px}px`;
      }
    };
    fit();
    // Refit when the field's width changes (rotation, window resize); without the API it fits once.
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, value]);
}
