import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within half a screen of the viewport (and from then on). For
 * heavy parts below the fold: they load and draw when the reader gets near them, not with the page.
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
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '50% 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, near]);
  return near;
}
