import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SoundManager } from '@/lib/sound';
import { readSoundEnabled, SOUND_STORAGE_KEY } from '@/lib/sound-pref';

describe('sound preference', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('defaults to on and reads "false" as off', () => {
    expect(readSoundEnabled()).toBe(true);
    localStorage.setItem(SOUND_STORAGE_KEY, 'false');
    expect(readSoundEnabled()).toBe(false);
    localStorage.setItem(SOUND_STORAGE_KEY, 'true');
    expect(readSoundEnabled()).toBe(true);
  });

  it('persists "true"/"false" and notifies subscribers', () => {
    const m = new SoundManager(true);
    const listener = vi.fn();
    m.subscribe(listener);
    m.toggle();
    expect(localStorage.getItem(SOUND_STORAGE_KEY)).toBe('false');
    expect(m.isEnabled()).toBe(false);
    m.toggle();
    expect(localStorage.getItem(SOUND_STORAGE_KEY)).toBe('true');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('starts the background loop 1 s after enabling, at volume 0.3', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const m = new SoundManager(false);
    m.setEnabled(true);
    vi.advanceTimersByTime(999);
    expect(play).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(play).toHaveBeenCalledTimes(1);
    const audio = play.mock.instances[0] as unknown as HTMLAudioElement;
    expect(audio.loop).toBe(true);
    expect(audio.volume).toBeCloseTo(0.3);
  });

  it('plays nothing while disabled and only logs play failures', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new Error('NotAllowedError'));
    const off = new SoundManager(false);
    off.play('win');
    expect(play).not.toHaveBeenCalled();
    const on = new SoundManager(true);
    on.play('win');
    await vi.runAllTimersAsync();
    expect(play).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalled();
  });
});
