import { PageFrame } from '@/components/ui/page-frame';
import { PageContent } from '@/components/ui/page-content';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

const SwapContent = lazyWithQueries(() => import('@/features/swap/swap-content').then((m) => m.SwapContent));

/**
 * Swap: the heading paints with the first load; the rest of the screen, which reads the server,
 * loads right after (swap-content.tsx).
 */
export function SwapPage() {
  return (
    <PageFrame title="Swap" subtitle="Trade SUPRA and the community tokens through the Dexlyn pools, without leaving the app.">
      <PageContent>
        <SwapContent />
      </PageContent>
    </PageFrame>
  );
}
