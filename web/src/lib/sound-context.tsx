import { createContext, startTransition, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { SoundManager, SoundName } from '@/lib/sound';
import { readSoundEnabled } from '@/lib/sound-pref';

interface SoundContextValue {
  enabled: boolean;
  toggle: () => void;
  setEnabled: (enabled: boolean) => void;
  play: (name: SoundName, opts?: { loop?: boolean }) => void;
  stop: (name: SoundName) => void;
  startBackground: () => void;
  stopBackground: () => void;
}

const SoundContext = createContext<SoundContextValue | null>(null);

// The players load with the reader's first gesture (a sound can play only after one, the
// browser's autoplay rule), or when a sound is asked for first: the first paint needs only the
// preference, for the header's toggle, and a visit that only looks never fetches them.
let shared: Promise<SoundManager> | undefined;
const loadManager = () => (shared ??= import('@/lib/sound').then((m) => new m.SoundManager()));

const noSubscribe = () => () => {};

export function SoundProvider({ children, manager }: { children: ReactNode; manager?: SoundManager }) {
  const [m, setM] = useState<SoundManager | undefined>(manager);
  // The stored preference comes in after the first render, as a transition: that render must be
  // the page's prerendered HTML (built without anyone's preference), and as a transition React
  // finishes taking the page over before it re-renders for it, instead of drawing it again.
  const [stored, setStored] = useState(true);
  useEffect(() => {
    if (!readSoundEnabled()) startTransition(() => setStored(false));
  }, []);
  useEffect(() => {
    if (m) return;
    const load = () => void loadManager().then((x) => startTransition(() => setM(x)));
    const opts = { once: true, passive: true, capture: true };
    window.addEventListener('pointerdown', load, opts);
    window.addEventListener('keydown', load, opts);
    return () => {
      window.removeEventListener('pointerdown', load, opts);
      window.removeEventListener('keydown', load, opts);
    };
  }, [m]);
  const enabled = useSyncExternalStore(m?.subscribe ?? noSubscribe, m?.isEnabled ?? (() => stored), () => true);
  const value = useMemo<SoundContextValue>(() => {
    // Before the players load, what turns sound on or plays loads them; stopping has nothing to stop.
    const withPlayers = (fn: (x: SoundManager) => void) => {
      if (m) fn(m);
      else
        void loadManager().then((x) => {
          setM(x);
          fn(x);
        });
    };
    return {
      enabled,
      toggle: () => withPlayers((x) => x.toggle()),
      setEnabled: (v) => withPlayers((x) => x.setEnabled(v)),
      play: (name, opts) => withPlayers((x) => x.play(name, opts)),
      stop: (name) => m?.stop(name),
      startBackground: () => withPlayers((x) => x.startBackground()),
      stopBackground: () => m?.stopBackground(),
    };
  }, [enabled, m]);
  return <SoundContext.Provider value={value}>{children}</SoundContext.Provider>;
}

/** Reads and toggles the sound preference; plays effects. */
export function useSound(): SoundContextValue {
  const ctx = useContext(SoundContext);
  if (!ctx) throw new Error('useSound must be used inside <SoundProvider>');
  return ctx;
}
