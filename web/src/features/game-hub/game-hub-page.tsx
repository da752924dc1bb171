import { lazy } from 'react';
import { PageContent } from '@/components/ui/page-content';
import { PageFrame } from '@/components/ui/page-frame';

const GameHubContent = lazy(() => import('@/features/game-hub/game-hub-content').then((m) => ({ default: m.GameHubContent })));

/** The games: the heading paints with the first load; the cards load right after (game-hub-content.tsx). */
export function GameHubPage() {
  return (
    <PageFrame title="GAME HUB" subtitle="Play, win, and earn tokens with our collection of blockchain games">
      <PageContent>
        <GameHubContent />
      </PageContent>
    </PageFrame>
  );
}
