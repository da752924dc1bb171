import { useCallback, useState } from 'react';
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
  // The dots are placed in percent of the page's height, which the cards set: drawn with the
  // spinner they would all move when the cards replace it (layout shift), so they come with them.
  const [shown, setShown] = useState(false);
  const onShown = useCallback(() => setShown(true), []);
  return (
    <div className="relative overflow-hidden">
      {shown && <FloatingDots count={40} />}
      <PageFrame
        title="Telegram Bots"
        subtitle="Seamless Telegram bots for real-time blockchain insights and customizable notifications."
        className="relative"
      >
        <PageContent>
          <BotsContent onShown={onShown} />
        </PageContent>
      </PageFrame>
    </div>
  );
}
