import { lazy, Suspense } from 'react';
import { Hero } from '@/features/landing/components/hero';
import { useDocumentTitle } from '@/lib/use-document-title';

const LandingSections = lazy(() =>
  import('@/features/landing/components/landing-sections').then((m) => ({ default: m.LandingSections })),
);

/** The hero paints with the first load; the sections under it load right after. */
export function LandingPage() {
  useDocumentTitle('LUCKY on Supra');
  return (
    <>
      <Hero />
      <Suspense fallback={null}>
        <LandingSections />
      </Suspense>
    </>
  );
}
