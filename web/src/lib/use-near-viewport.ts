import { useEffect, useState, type RefObject } from 'react';

/** The window events that say the reader is using the page (and may be heading down it). */
const ENGAGED = ['scroll', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * True once the element is on screen, or within half a screen of it after the reader has scrolled,
 * touched or typed (and from then on). For heavy parts below the fold: they load and draw when
 * the reader gets near them, not with the page. Until the reader does something, only the screen
 * itself counts, so a part just under the fold of a phone does not load on a page nobody scrolls.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    let io: IntersectionObserver | undefined;
    const watch = (rootMargin: string) => {
      io?.disconnect();
      io = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      }, { rootMargin });
      io.observe(el);
    };
    const engaged = () => {
      for (const type of ENGAGED) window.removeEventListener(type, engaged, true);
      watch('50% 0px');
    };
    watch('0px');
    for (const type of ENGAGED) window.addEventListener(type, engaged, { capture: true, passive: true });
    return () => {
      io?.disconnect();
      for (const type of ENGAGED) window.removeEventListener(type, engaged, true);
    };
  }, [ref, near]);
  return near;
}
