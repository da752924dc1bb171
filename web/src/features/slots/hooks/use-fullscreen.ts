import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Fullscreen for one element, tracking the browser's state (fullscreenchange). */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const on = () => setActive(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const supported = typeof document !== 'undefined' && !!document.fullscreenEnabled;
  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await ref.current?.requestFullscreen();
    } catch (err) {
      console.info('fullscreen: request refused', err);
    }
  }, [ref]);
  return { active, supported, toggle };
}
