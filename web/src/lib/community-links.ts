/**
 * The community's Telegram chat and X account, which the header links on every page. A module of
 * their own: a module the app's shell imports ships whole with every first load, and lib/links.ts
 * (where the app's other external links are) would bring the exchange link's long coin types and
 * the explorer helpers with it.
 */
export const TELEGRAM_URL = 'https://t.me/lucky_supra';
export const X_URL = 'https://x.com/LuckyTokenz';
