import { PageContent } from '@/components/ui/page-content';
import { PageFrame } from '@/components/ui/page-frame';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

const FairContent = lazyWithQueries(() => import('@/features/slots/fair-content').then((m) => m.FairContent));

/**
 * `/slots/fair`, "How fair is this?": where a spin's result comes from, how to check one from its
 * transaction, and the odds computed from the paytable. The heading paints with the first load;
 * the rest, which reads the network from the server, loads right after (fair-content.tsx).
 */
export function FairPage() {
  return (
    <PageFrame
      title="How Fair Is This?"
      subtitle="Where each spin's result comes from, what you have to trust, and how to check any spin yourself."
    >
      <PageContent>
        <FairContent />
      </PageContent>
    </PageFrame>
  );
}
