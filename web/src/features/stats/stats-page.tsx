import { EmptyFrame, PageFrame } from '@/components/ui/page-frame';

/** Token Analytics: the full screen arrives in its own issue; this frame holds the route and title. */
export function StatsPage() {
  return (
    <PageFrame title="Token Analytics" subtitle="Supply, burn, price and liquidity of LUCKY, refreshed every 60 seconds.">
      <EmptyFrame />
    </PageFrame>
  );
}
