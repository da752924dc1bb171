import { lazy, Suspense, use, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { ErrorBoundary } from '@/app/error-boundary';
import { Header } from '@/app/layout/header';
import { featureOfRoute } from '@/components/ui/feature-routes';
import { Spinner } from '@/components/ui/spinner';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { useIdle } from '@/lib/use-idle';

// The footer starts below the fold (main is at least a screen tall), so it loads once the page
// is idle instead of with the first paint; arriving there, it moves nothing in view.
// A feature's page says when the server switched the feature off; the notice reads the config,
// so it loads (with React Query) only on those pages.
const FeatureOffNotice = lazyWithQueries(() => import('@/components/ui/feature-off-notice').then((m) => m.FeatureOffNotice));

const Footer = lazy(() => import('@/app/layout/footer').then((m) => ({ default: m.Footer })));

/** How long the app's first render may wait for its screen before it paints a spinner in its place. */
const FIRST_SCREEN_WAIT_MS = 1000;
const firstScreenWait = new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));

/**
 * The page's fallback: a spinner while a screen's chunk arrives. On the app's first render it
 * waits a moment itself, which keeps that whole render pending (no boundary above it): the first
 * paint then holds the header and the page's heading together, not a spinner that React would
 * keep up for at least 300 ms (its reveal throttle) before the heading replaced it.
 */
function PageFallback() {
  use(firstScreenWait);
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-neon-cyan">
      <Spinner size={32} label="Loading page" />
    </div>
  );
}

/** A new page starts at its top (or its #anchor); back and forward keep the browser's own restore. */
function useScrollToTop() {
  const { key, hash } = useLocation();
  const action = useNavigationType();
  useEffect(() => {
    if (action === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, action]);
}

export function RootLayout() {
  const { pathname } = useLocation();
  const idle = useIdle();
  useScrollToTop();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-neon-gold px-4 py-2 font-bold text-ink-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen under the header: the footer starts below the fold, so no page's
          content arriving (a lazy chunk, the token list, a query) moves it in view. */}
      <main id="main" className="min-h-[calc(100dvh-4rem)] flex-1">
        {featureOfRoute(pathname) && (
          <Suspense fallback={null}>
            <FeatureOffNotice />
          </Suspense>
        )}
        <ErrorBoundary resetKey={pathname} detail="This page failed to load. Check your connection and reload the page.">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {idle && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
    </div>
  );
}
