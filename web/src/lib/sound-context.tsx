import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { SoundManager, type SoundName } from '@/lib/sound';

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

export function SoundProvider({ children, manager }: { children: ReactNode; manager?: SoundManager }) {
  const m = useMemo(() => manager ?? new SoundManager(), [manager]);
  const enabled = useSyncExternalStore(m.subscribe, m.isEnabled, () => true);
  const value = useMemo<SoundContextValue>(
    () => ({
      enabled,
      toggle: () => m.toggle(),
      setEnabled: (v) => m.setEnabled(v),
      play: (name, opts) => m.play(name, opts),
      stop: (name) => m.stop(name),
      startBackground: () => m.startBackground(),
      stopBackground: () => m.stopBackground(),
    }),
    [enabled, m],
  );
  return <SoundContext.Provider value={value}>{children}</SoundContext.Provider>;
}

/** Reads and toggles the sound preference; plays effects. */
export function useSound(): SoundContextValue {
  const ctx = useContext(SoundContext);
  if (!ctx) throw new Error('useSound must be used inside <SoundProvider>');
  return ctx;
}
