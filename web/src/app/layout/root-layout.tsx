import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/app/layout/footer';
import { Header } from '@/app/layout/header';
import { Spinner } from '@/components/ui/spinner';

export function RootLayout() {
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
        <Suspense
          fallback={
            <div className="flex min-h-[50vh] items-center justify-center text-neon-cyan">
              <Spinner size={32} label="Loading page" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
