import { lazy } from 'react';
import { PageContent } from '@/components/ui/page-content';
import { PageFrame } from '@/components/ui/page-frame';

const LearnMoreContent = lazy(() => import('@/features/learn-more/learn-more-content').then((m) => ({ default: m.LearnMoreContent })));

/** The ecosystem explained: the heading paints with the first load; the sections load right after (learn-more-content.tsx). */
export function LearnMorePage() {
  return (
    <PageFrame
      title="The LuckyCoin Ecosystem"
      subtitle="Three pieces that work together: staking keeps it stable, games keep it fun, and trading keeps it liquid."
    >
      <PageContent>
        <LearnMoreContent />
      </PageContent>
    </PageFrame>
  );
}
