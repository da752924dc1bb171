import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from '@/app/layout/root-layout';
import { paths } from '@/lib/paths';

/**
 * Each screen is its own chunk, loaded when its route is first rendered. The declarative routes
 * (not a data router: no route loads data before it renders) keep React Router's share of the
 * first load small; the layout's Suspense shows a spinner while a chunk arrives.
 */
function page<M, P extends object = object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}

const LandingPage = page(() => import('@/features/landing/landing-page'), (m) => m.LandingPage);
const GameHubPage = page(() => import('@/features/game-hub/game-hub-page'), (m) => m.GameHubPage);
const SlotsPage = page(() => import('@/features/slots/slots-page'), (m) => m.SlotsPage);
const FairPage = page(() => import('@/features/slots/fair-page'), (m) => m.FairPage);
const TxPage = page(() => import('@/features/tx/tx-page'), (m) => m.TxPage);
const AccountPage = page(() => import('@/features/account/account-page'), (m) => m.AccountPage);
const SwapPage = page(() => import('@/features/swap/swap-page'), (m) => m.SwapPage);
const StatsPage = page(() => import('@/features/stats/stats-page'), (m) => m.StatsPage);
const PortfolioPage = page(() => import('@/features/portfolio/portfolio-page'), (m) => m.PortfolioPage);
const ActivityPage = page(() => import('@/features/activity/activity-page'), (m) => m.ActivityPage);
const BurnPage = page(() => import('@/features/burn/burn-page'), (m) => m.BurnPage);
const BurnCertificatePage = page(() => import('@/features/burn/burn-certificate-page'), (m) => m.BurnCertificatePage);
const TokenIndexPage = page(() => import('@/features/token-index/token-index-page'), (m) => m.TokenIndexPage);
const TokenPage = page(() => import('@/features/token/token-page'), (m) => m.TokenPage);
const MinerzPage = page(() => import('@/features/minerz/minerz-page'), (m) => m.MinerzPage);
const ToolsPage = page(() => import('@/features/tools/tools-page'), (m) => m.ToolsPage);
const BotsPage = page(() => import('@/features/bots/bots-page'), (m) => m.BotsPage);
const DisclaimerPage = page(() => import('@/features/disclaimer/disclaimer-page'), (m) => m.DisclaimerPage);
const LearnMorePage = page(() => import('@/features/learn-more/learn-more-page'), (m) => m.LearnMorePage);
const WhitepaperPage = page(() => import('@/features/whitepaper/whitepaper-page'), (m) => m.WhitepaperPage);
const ComingSoonPage = page(() => import('@/features/coming-soon/coming-soon-page'), (m) => m.ComingSoonPage);
const StakingPage = page(() => import('@/features/staking/staking-page'), (m) => m.StakingPage);
const NotFoundPage = page(() => import('@/app/routes/not-found'), (m) => m.NotFoundPage);

const placeholderPaths = [
  paths.rockPaper,
  paths.cyberSlots,
  paths.comingSoon,
  paths.nftRewards,
];

/** The staking page where the network has the pool; it shows the placeholder where it has not. */
const stakingPaths = [
  paths.staking,
  paths.earn,
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LandingPage />} />
        <Route path={paths.play} element={<GameHubPage />} />
        <Route path={paths.slots} element={<SlotsPage />} />
        {/* A fixed segment outranks :token, so /slots/fair is this page, never a token named "fair". */}
        <Route path={paths.slotsFair} element={<FairPage />} />
        <Route path={`${paths.slots}/:token`} element={<SlotsPage />} />
        <Route path={paths.tx} element={<TxPage />} />
        <Route path={paths.account} element={<AccountPage />} />
        <Route path={paths.swap} element={<SwapPage />} />
        <Route path={paths.stats} element={<StatsPage />} />
        <Route path={paths.portfolio} element={<PortfolioPage />} />
        <Route path={paths.activity} element={<ActivityPage />} />
        <Route path={paths.burn} element={<BurnPage />} />
        <Route path={paths.burnCertificate} element={<BurnCertificatePage />} />
        <Route path={paths.tokenIndex} element={<TokenIndexPage />} />
        <Route path={paths.token} element={<TokenPage />} />
        <Route path={paths.minerz} element={<MinerzPage />} />
        <Route path={paths.tools} element={<ToolsPage />} />
        <Route path={paths.bots} element={<BotsPage />} />
        <Route path={paths.disclaimer} element={<DisclaimerPage />} />
        <Route path={paths.learnMore} element={<LearnMorePage />} />
        <Route path={paths.whitepaper} element={<WhitepaperPage />} />
        {placeholderPaths.map((path) => (
          <Route key={path} path={path} element={<ComingSoonPage />} />
        ))}
        {stakingPaths.map((path) => (
          <Route key={path} path={path} element={<StakingPage comingSoon={<ComingSoonPage />} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
