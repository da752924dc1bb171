/**
 * Sound effects and background music, honouring the user's preference stored in
 * localStorage.soundEnabled ("true" / "false", default true).
 *
 * Browsers only allow audio after a user gesture, so background music never
 * autoplays on load: it starts 1 s after the user turns sound on (a click), or
 * when a page calls `startBackground()` from a gesture handler. Failures to play
 * are only logged.
 */

import { readSoundEnabled, safeStorage, SOUND_STORAGE_KEY } from '@/lib/sound-pref';

export type SoundName = 'spin' | 'stop' | 'win' | 'coin' | 'burn' | 'background';

/** Sound volumes (docs/product.md, Slots): background 0.3, spin 0.5, stop 0.7, win 0.8. */
export const SOUND_VOLUMES: Record<SoundName, number> = {
  background: 0.3,
  spin: 0.5,
  stop: 0.7,
  win: 0.8,
  coin: 0.7,
  burn: 0.7,
};

export const SOUND_SOURCES: Record<SoundName, string> = {
  background: '/sounds/background.ogg',
  spin: '/sounds/spin.ogg',
  stop: '/sounds/stop.ogg',
  win: '/sounds/win.ogg',
  coin: '/sounds/coin.ogg',
  burn: '/sounds/burn.ogg',
};

export const BACKGROUND_DELAY_MS = 1000;

type Listener = () => void;

export class SoundManager {
  private enabled: boolean;
  private readonly audios = new Map<SoundName, HTMLAudioElement>();
  private readonly listeners = new Set<Listener>();
  private backgroundTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(enabled = readSoundEnabled()) {
    this.enabled = enabled;
  }

  isEnabled = (): boolean => this.enabled;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Persists the preference; turning on schedules the background loop, turning off silences everything. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    try {
      safeStorage()?.setItem(SOUND_STORAGE_KEY, enabled ? 'true' : 'false');
    } catch (err) {
      console.warn('sound: could not persist preference', err);
    }
    if (enabled) this.startBackground();
    else this.stopAll();
    this.listeners.forEach((l) => l());
  }

  toggle(): void {
    this.setEnabled(!this.enabled);
  }

  /** Starts the looping background music after 1 s. Call from a user gesture. */
  startBackground(delayMs = BACKGROUND_DELAY_MS): void {
    if (!this.enabled) return;
    clearTimeout(this.backgroundTimer);
    this.backgroundTimer = setTimeout(() => {
      if (this.enabled) this.play('background', { loop: true });
    }, delayMs);
  }

  stopBackground(): void {
    clearTimeout(this.backgroundTimer);
    this.stop('background');
  }

  /** Plays a sound from the start. Does nothing when sound is off. */
  play(name: SoundName, opts: { loop?: boolean } = {}): void {
    if (!this.enabled || typeof Audio === 'undefined') return;
    const audio = this.get(name);
    if (!audio) return;
    audio.loop = opts.loop ?? false;
    audio.volume = SOUND_VOLUMES[name];
    if (!audio.loop || audio.paused) {
      try {
        audio.currentTime = 0;
      } catch {
        // some engines refuse seeking before metadata; harmless
      }
    }
    try {
      const p = audio.play();
      if (p && typeof p.catch === 'function') {
        p.catch((err: unknown) => console.info(`sound: could not play ${name}`, err));
      }
    } catch (err) {
      console.info(`sound: could not play ${name}`, err);
    }
  }

  stop(name: SoundName): void {
    const audio = this.audios.get(name);
    if (!audio) return;
    try {
      audio.pause();
      audio.currentTime = 0;
    } catch {
      // ignore
    }
  }

  stopAll(): void {
    clearTimeout(this.backgroundTimer);
    for (const name of this.audios.keys()) this.stop(name);
  }

  private get(name: SoundName): HTMLAudioElement | undefined {
    let audio = this.audios.get(name);
    if (!audio) {
      try {
        audio = new Audio(SOUND_SOURCES[name]);
        audio.preload = name === 'background' ? 'none' : 'auto';
        this.audios.set(name, audio);
      } catch (err) {
        console.info(`sound: could not create ${name}`, err);
        return undefined;
      }
    }
    return audio;
  }
}
