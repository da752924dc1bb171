import { startTransition, useEffect, useState } from 'react';

/**
 * False until the page has loaded and the browser is idle, then true. For parts of the UI no
 * first paint needs: they start loading then, not in competition with the page's own code, and
 * render as a transition (in slices, not one long task).
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const whenIdle = () => {
      if ('requestIdleCallback' in window) {
        const id = window.requestIdleCallback(() => startTransition(() => setIdle(true)), { timeout: 3000 });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = setTimeout(() => startTransition(() => setIdle(true)), 200);
        cancel = () => clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') {
      whenIdle();
      return () => cancel();
    }
    window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancel();
    };
  }, []);
  return idle;
}
