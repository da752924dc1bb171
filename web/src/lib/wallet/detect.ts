import { PROVIDER_GIVE_UP_MS, PROVIDER_POLL_MS } from './messages';
import type { SupraProvider } from './types';

/** The injected StarKey provider, if any. */
export function injectedProvider(): SupraProvider | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.starkey?.supra ?? undefined;
}

export interface DetectOptions {
  getProvider?: () => SupraProvider | undefined;
  pollMs?: number;
  giveUpMs?: number;
  signal?: AbortSignal;
}

/**
 * Finds the wallet provider: checks now, then every 500 ms, and gives up after 5 s (docs/product.md, Wallet).
 * Resolves null when it never appears (or when aborted).
 */
export function detectProvider({
  getProvider = injectedProvider,
  pollMs = PROVIDER_POLL_MS,
  giveUpMs = PROVIDER_GIVE_UP_MS,
  signal,
}: DetectOptions = {}): Promise<SupraProvider | null> {
  const now = getProvider();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    let interval: ReturnType<typeof setInterval> | undefined;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const finish = (p: SupraProvider | null) => {
      clearInterval(interval);
      clearTimeout(timeout);
      signal?.removeEventListener('abort', onAbort);
      resolve(p);
    };
    const onAbort = () => finish(null);
    if (signal?.aborted) return finish(null);
    signal?.addEventListener('abort', onAbort);
    interval = setInterval(() => {
      const p = getProvider();
      if (p) finish(p);
    }, pollMs);
    timeout = setTimeout(() => finish(getProvider() ?? null), giveUpMs);
  });
}
