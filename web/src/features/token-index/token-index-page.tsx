import { PageFrame } from '@/components/ui/page-frame';
import { PageContent } from '@/components/ui/page-content';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

const TokenIndexContent = lazyWithQueries(() => import('@/features/token-index/token-index-content').then((m) => m.TokenIndexContent));

/**
 * Token Overview: the heading paints with the first load; the rest of the screen, which reads the server,
 * loads right after (token-index-content.tsx).
 */
export function TokenIndexPage() {
  return (
    <PageFrame title="Token Overview" subtitle="Price and market-cap ranking of the Supra community tokens, from Dexlyn pool reserves.">
      <PageContent>
        <TokenIndexContent />
      </PageContent>
    </PageFrame>
  );
}
