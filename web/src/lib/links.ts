import { TELEGRAM_URL, X_URL } from '@/lib/community-links';

/**
 * Every external URL the app links to lives here (the community's handles in
 * lib/community-links.ts), so a change of handle or exchange is a one-line edit. Internal
 * routes are in `@/lib/paths`.
 */
export const NATIVE_COIN_TYPE = '0x1::supra_coin::SupraCoin';
export const LUCKY_COIN_TYPE =
  '0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY';

export const links = {
  telegram: TELEGRAM_URL,
  x: X_URL,
  /** BUY: the exchange swap page with SUPRA in and LUCKY out preselected. */
  buy: `https://app.dexlyn.com/swap?from=${NATIVE_COIN_TYPE}&to=${LUCKY_COIN_TYPE}`,
  supra: 'https://supra.com',
  /** StarKey wallet app page; append an encoded URL to open it inside the wallet. */
  starkeyApp: 'https://starkey.app/dApps?url=',
} as const;

export function starkeyAppLink(url: string): string {
  return links.starkeyApp + encodeURIComponent(url);
}

/** The explorer patterns of the network the app targets (GET /api/v1/config). */
export interface ExplorerPatterns {
  explorerTx: string;
  explorerAddress: string;
}

/** Where a link goes: an in-app route (devnet's own pages) or an external explorer. */
export interface ExplorerLink {
  href: string;
  internal: boolean;
}

function fill(pattern: string | undefined, key: '{hash}' | '{address}', value: string): ExplorerLink | null {
  if (!pattern || !pattern.includes(key)) return null;
  const href = pattern.replace(key, encodeURIComponent(value));
  return { href, internal: href.startsWith('/') };
}

/**
 * A transaction's explorer link on the app's network: devnet's in-app `/tx/{hash}`, the public
 * explorer elsewhere. Every transaction link of the app is built here (null until the config loads).
 */
export function txLink(network: ExplorerPatterns | undefined, hash: string): ExplorerLink | null {
  return fill(network?.explorerTx, '{hash}', hash);
}

/** An account's explorer link on the app's network: devnet's in-app `/account/{address}`, the public explorer elsewhere. */
export function addressLink(network: ExplorerPatterns | undefined, address: string): ExplorerLink | null {
  return fill(network?.explorerAddress, '{address}', address);
}

/** Props every external link gets: new tab, no opener, no referrer. */
export const externalLinkProps = { target: '_blank', rel: 'noopener noreferrer' } as const;
