/**
 * Every external URL the app links to lives here, so a change of handle or
 * exchange is a one-line edit. Internal routes are in `@/lib/paths`.
 */
export const NATIVE_COIN_TYPE = '0x1::supra_coin::SupraCoin';
export const LUCKY_COIN_TYPE =
  '0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY';

export const links = {
  telegram: 'https://t.me/lucky_supra',
  x: 'https://x.com/LuckyTokenz',
  /** BUY: the exchange swap page with SUPRA in and LUCKY out preselected. */
  buy: `https://app.dexlyn.com/swap?from=${NATIVE_COIN_TYPE}&to=${LUCKY_COIN_TYPE}`,
  supra: 'https://supra.com',
  /** StarKey wallet app page; append an encoded URL to open it inside the wallet. */
  starkeyApp: 'https://starkey.app/dApps?url=',
  explorerTx: 'https://suprascan.io/tx/{hash}',
  explorerAddress: 'https://suprascan.io/address/{address}',
} as const;

export function starkeyAppLink(url: string): string {
  return links.starkeyApp + encodeURIComponent(url);
}

export function explorerTxLink(hash: string): string {
  return links.explorerTx.replace('{hash}', encodeURIComponent(hash));
}

export function explorerAddressLink(address: string): string {
  return links.explorerAddress.replace('{address}', encodeURIComponent(address));
}

/** Props every external link gets: new tab, no opener, no referrer. */
export const externalLinkProps = { target: '_blank', rel: 'noopener noreferrer' } as const;
