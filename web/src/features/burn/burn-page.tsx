import { PageFrame } from '@/components/ui/page-frame';
import { PageContent } from '@/components/ui/page-content';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

const BurnContent = lazyWithQueries(() => import('@/features/burn/burn-content').then((m) => m.BurnContent));

/**
 * Meme Burner: the heading paints with the first load; the rest of the screen, which reads the server,
 * loads right after (burn-content.tsx).
 */
export function BurnPage() {
  return (
    <PageFrame title="Meme Burner" subtitle="Send tokens to the burn address for good, and get a certificate anyone can verify on chain.">
      <PageContent>
        <BurnContent />
      </PageContent>
    </PageFrame>
  );
}
