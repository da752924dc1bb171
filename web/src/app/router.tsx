import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '@/app/error-boundary';
import { RootLayout } from '@/app/layout/root-layout';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';

/** Each screen is its own chunk, loaded when its route is first visited. */
const comingSoon = () => import('@/features/coming-soon/coming-soon-page').then((m) => ({ Component: m.ComingSoonPage }));

const placeholderPaths = [
  paths.rockPaper,
  paths.cyberSlots,
  paths.comingSoon,
  paths.nftRewards,
  paths.staking,
  paths.earn,
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    // The first page's chunk loads before the first render; this fills the screen meanwhile
    // (without it React Router warns on every load that there is nothing to show).
    hydrateFallbackElement: (
      <div className="flex min-h-dvh items-center justify-center text-neon-cyan">
        <Spinner size={32} label="Loading page" />
      </div>
    ),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('@/features/landing/landing-page').then((m) => ({ Component: m.LandingPage })) },
          { path: paths.play, lazy: () => import('@/features/game-hub/game-hub-page').then((m) => ({ Component: m.GameHubPage })) },
          { path: paths.slots, lazy: () => import('@/features/slots/slots-page').then((m) => ({ Component: m.SlotsPage })) },
          { path: `${paths.slots}/:token`, lazy: () => import('@/features/slots/slots-page').then((m) => ({ Component: m.SlotsPage })) },
          { path: paths.tx, lazy: () => import('@/features/tx/tx-page').then((m) => ({ Component: m.TxPage })) },
          { path: paths.account, lazy: () => import('@/features/account/account-page').then((m) => ({ Component: m.AccountPage })) },
          { path: paths.swap, lazy: () => import('@/features/swap/swap-page').then((m) => ({ Component: m.SwapPage })) },
          { path: paths.stats, lazy: () => import('@/features/stats/stats-page').then((m) => ({ Component: m.StatsPage })) },
          { path: paths.portfolio, lazy: () => import('@/features/portfolio/portfolio-page').then((m) => ({ Component: m.PortfolioPage })) },
          { path: paths.burn, lazy: () => import('@/features/burn/burn-page').then((m) => ({ Component: m.BurnPage })) },
          {
            path: paths.burnCertificate,
            lazy: () => import('@/features/burn/burn-certificate-page').then((m) => ({ Component: m.BurnCertificatePage })),
          },
          { path: paths.tokenIndex, lazy: () => import('@/features/token-index/token-index-page').then((m) => ({ Component: m.TokenIndexPage })) },
          { path: paths.minerz, lazy: () => import('@/features/minerz/minerz-page').then((m) => ({ Component: m.MinerzPage })) },
          { path: paths.tools, lazy: () => import('@/features/tools/tools-page').then((m) => ({ Component: m.ToolsPage })) },
          { path: paths.bots, lazy: () => import('@/features/bots/bots-page').then((m) => ({ Component: m.BotsPage })) },
          { path: paths.disclaimer, lazy: () => import('@/features/disclaimer/disclaimer-page').then((m) => ({ Component: m.DisclaimerPage })) },
          { path: paths.learnMore, lazy: () => import('@/features/learn-more/learn-more-page').then((m) => ({ Component: m.LearnMorePage })) },
          { path: paths.whitepaper, lazy: () => import('@/features/whitepaper/whitepaper-page').then((m) => ({ Component: m.WhitepaperPage })) },
          ...placeholderPaths.map((path) => ({ path, lazy: comingSoon })),
          { path: '*', lazy: () => import('@/app/routes/not-found').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
