/**
 * Every sentence the landing page, the footer, /learn-more, /whitepaper and /slots/fair state
 * about burning, fees and supply: one list the pages render from, so a claim cannot be written
 * twice or reworded in one place only.
 *
 * A claim is either
 * - measured: the chain shows it, and the page draws the index's figure beside it
 *   (GET /api/v1/burns/sources, the field named by `figure`) with the address it is read at;
 * - policy: the chain does not show it (or shows otherwise), so it is worded as what the
 *   project states, never as what the app found.
 *
 * On the devnet, and on the chain as far as the app can see, a sell on the exchange burns
 * nothing and a spin's fee goes to the slots fee collector: the measured figures say so.
 */

/** The fields of GET /api/v1/burns/sources a claim can show. */
export type ClaimFigure = 'bySells' | 'byPlay' | 'byFees' | 'byHolders' | 'spinFees';

/** Where a figure is read: the burn address or the slots fee collector. */
export type ClaimSource = 'burnAddress' | 'feeCollector';

export type ClaimPage = 'landing' | 'footer' | 'learn-more' | 'whitepaper' | 'slots-fair';

interface ClaimBase {
  id: string;
  page: ClaimPage;
  text: string;
}

export interface MeasuredClaim extends ClaimBase {
  kind: 'measured';
  figure: ClaimFigure;
  source: ClaimSource;
  /** How the figure is labelled beside the claim. */
  label: string;
}

export interface PolicyClaim extends ClaimBase {
  kind: 'policy';
}

export type Claim = MeasuredClaim | PolicyClaim;

/** A policy claim says whose word it is: one of these, in its text. */
export const POLICY_MARKERS = [/the project['’]s stated policy/i, /the project plans/i, /the project states/i];

export const CLAIMS = [
  // The landing page.
  {
    id: 'landing-hero',
    page: 'landing',
    kind: 'policy',
    text: 'By the project’s stated policy, LUCKY is deflationary: exchange sells and play are meant to feed the burn.',
  },
  {
    id: 'landing-sells',
    page: 'landing',
    kind: 'measured',
    figure: 'bySells',
    source: 'burnAddress',
    label: 'Burned by sells',
    text: 'The project’s stated policy is that 100% of exchange sells are burned; the chain shows what sells have burned so far.',
  },
  {
    id: 'landing-watch',
    page: 'landing',
    kind: 'measured',
    figure: 'byHolders',
    source: 'burnAddress',
    label: 'Burned by holders',
    text: 'Anyone can burn LUCKY with the burn tool, and every burn is public at the burn address.',
  },
  {
    id: 'landing-roadmap-liquidity',
    page: 'landing',
    kind: 'policy',
    text: 'By the project’s stated policy, 100% of exchange sells are burned.',
  },
  {
    id: 'landing-roadmap-concept',
    page: 'landing',
    kind: 'policy',
    text: 'The project states its supply is fixed at creation, with no minting.',
  },
  {
    // The Trading card's dialog (components/ecosystem), on the landing page and /learn-more.
    id: 'eco-trading-sells',
    page: 'landing',
    kind: 'policy',
    text: 'By the project’s stated policy, 100% of LUCKY sold on the exchange is burned; the dashboard shows what sells have burned.',
  },
  // The footer, on every page.
  {
    id: 'footer-burn',
    page: 'footer',
    kind: 'policy',
    text: 'By the project’s stated policy, exchange sells and play feed the burn: see the measured figures on the dashboard.',
  },
  // /learn-more.
  {
    id: 'learn-games',
    page: 'learn-more',
    kind: 'measured',
    figure: 'byPlay',
    source: 'burnAddress',
    label: 'Burned by play',
    text: 'The project’s stated policy is that play feeds the burn; the chain shows what plays have burned so far.',
  },
  {
    id: 'learn-sells',
    page: 'learn-more',
    kind: 'measured',
    figure: 'bySells',
    source: 'burnAddress',
    label: 'Burned by sells',
    text: 'The project’s stated policy is that 100% of the tokens sold on the exchange are burned; the chain shows what sells have burned so far.',
  },
  // /whitepaper.
  {
    id: 'whitepaper-deflation',
    page: 'whitepaper',
    kind: 'policy',
    text: 'By the project’s stated policy, 100% of the LUCKY sold on the exchange is burned, and part of the tokens used in games is burned too.',
  },
  {
    id: 'whitepaper-sells',
    page: 'whitepaper',
    kind: 'measured',
    figure: 'bySells',
    source: 'burnAddress',
    label: 'Burned by sells',
    text: 'Burned tokens are sent to an unspendable address, visible to anyone on the explorer: this is what sells have sent there.',
  },
  {
    id: 'whitepaper-play',
    page: 'whitepaper',
    kind: 'measured',
    figure: 'byPlay',
    source: 'burnAddress',
    label: 'Burned by play',
    text: 'And this is what plays have sent there.',
  },
  {
    id: 'whitepaper-supply',
    page: 'whitepaper',
    kind: 'policy',
    text: 'The project states the supply is fixed at creation, with no minting.',
  },
  // /slots/fair.
  {
    id: 'fair-fee',
    page: 'slots-fair',
    kind: 'measured',
    figure: 'spinFees',
    source: 'feeCollector',
    label: 'Spin fees received',
    text: 'The development fee taken from each bet goes to the slots fee collector, not to the burn.',
  },
] as const satisfies readonly Claim[];

export type ClaimId = (typeof CLAIMS)[number]['id'];

export function claim(id: ClaimId): Claim {
  const c = CLAIMS.find((x) => x.id === id);
  if (!c) throw new Error(`no claim ${id}`);
  return c;
}

export function claimsOf(page: ClaimPage): Claim[] {
  return CLAIMS.filter((c) => c.page === page);
}
