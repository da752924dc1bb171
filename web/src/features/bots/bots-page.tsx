import { PageContent } from '@/components/ui/page-content';
import { PageFrame } from '@/components/ui/page-frame';
import { FloatingDots } from '@/features/bots/floating-dots';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

const BotsContent = lazyWithQueries(() => import('@/features/bots/bots-content').then((m) => m.BotsContent));

/**
 * Telegram Bots: the heading paints with the first load; the bots' cards, which show each bot's
 * state from the server, load right after (bots-content.tsx).
 */
export function BotsPage() {
  return (
    <div className="relative overflow-hidden">
      <FloatingDots count={40} />
      <PageFrame
        title="Telegram Bots"
        subtitle="Seamless Telegram bots for real-time blockchain insights and customizable notifications."
        className="relative"
      >
        <PageContent>
          <BotsContent />
        </PageContent>
      </PageFrame>
    </div>
  );
}
