// The sound preference alone (localStorage.soundEnabled): the header's toggle reads it on the
// first paint; the players (sound.ts) load later.

export const SOUND_STORAGE_KEY = 'soundEnabled';

export function readSoundEnabled(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): boolean {
  try {
    return storage?.getItem(SOUND_STORAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
