interface ImportMetaEnv {
  /** SLOT_ODDS.topPrize of lib/slots/paytable.ts, put in when the app is built (vite.config.ts). */
  readonly SLOT_TOP_PRIZE: string;
  readonly SLOT_WIN_CHANCE: string;
}
