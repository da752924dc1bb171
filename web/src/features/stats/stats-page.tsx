import { PageFrame } from '@/components/ui/page-frame';
import { PageContent } from '@/components/ui/page-content';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

const StatsContent = lazyWithQueries(() => import('@/features/stats/stats-content').then((m) => m.StatsContent));

/**
 * Token Analytics: the heading paints with the first load; the rest of the screen, which reads the server,
 * loads right after (stats-content.tsx).
 */
export function StatsPage() {
  return (
    <PageFrame title="Token Analytics" documentTitle="Token Analytics" subtitle="LuckyCoin (LUCKY)">
      <PageContent>
        <StatsContent />
      </PageContent>
    </PageFrame>
  );
}
