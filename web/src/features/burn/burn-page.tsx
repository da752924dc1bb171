import { EmptyFrame, PageFrame } from '@/components/ui/page-frame';
import { BurnLeaderboard } from '@/features/burn/components/burn-leaderboard';
import { RecentBurns } from '@/features/burn/components/recent-burns';
import { useAppConfig } from '@/lib/config';

/** Meme Burner: the burn form arrives in its own issue; recent burns and the leaderboard come from the index. */
export function BurnPage() {
  const config = useAppConfig();
  const tokens = config.data?.tokens ?? [];
  const lucky = tokens.find((t) => t.name === 'LUCKY')?.decimals ?? 6;
  return (
    <PageFrame title="Meme Burner" subtitle="Send tokens to the burn address and get a shareable burn certificate.">
      <div className="space-y-6">
        <EmptyFrame />
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <RecentBurns tokens={tokens} />
          <BurnLeaderboard decimals={lucky} />
        </div>
      </div>
    </PageFrame>
  );
}
