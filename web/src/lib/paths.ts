/** Internal client routes, in one place so components never hard-code strings. */
export const paths = {
  home: '/',
  swap: '/swap',
  play: '/play',
  tools: '/tools',
  earn: '/earn',
  stats: '/stats',
  slots: '/slots',
  slotsFair: '/slots/fair',
  disclaimer: '/disclaimer',
  learnMore: '/learn-more',
  whitepaper: '/whitepaper',
  portfolio: '/portfolio',
  activity: '/activity',
  burn: '/burn',
  burnCertificate: '/burn/:hash',
  tokenIndex: '/tokenindex',
  token: '/token/:symbol',
  bots: '/bots',
  minerz: '/minerz',
  comingSoon: '/coming-soon',
  rockPaper: '/rockpaper',
  cyberSlots: '/cyberslots',
  nftRewards: '/nft-rewards',
  staking: '/staking',
  tx: '/tx/:hash',
  account: '/account/:address',
} as const;

/** The public certificate page of one burn. */
export function burnCertificatePath(hash: string): string {
  return `/burn/${encodeURIComponent(hash)}`;
}

/** The market page of one listed token, by its symbol. */
export function tokenPath(symbol: string): string {
  return `/token/${encodeURIComponent(symbol)}`;
}

/** The swap with a token's SUPRA pair preselected: SUPRA in, the token (by registry name) out. */
export function swapPairPath(tokenName: string): string {
  return `/swap?${new URLSearchParams({ from: 'SUPRA', to: tokenName }).toString()}`;
}

/** The in-app account page of one address (devnet's explorer for accounts). */
export function accountPath(address: string): string {
  return `/account/${encodeURIComponent(address)}`;
}

/** The in-app transaction page of one hash. */
export function txPath(hash: string): string {
  return `/tx/${encodeURIComponent(hash)}`;
}

export const navLinks = [
  { label: 'HOME', to: paths.home },
  { label: 'SWAP', to: paths.swap },
  { label: 'GAMES', to: paths.play },
  { label: 'TOOLS', to: paths.tools },
  { label: 'EARN', to: paths.earn },
  { label: 'STATS', to: paths.stats },
] as const;
