import { PageFrame } from '@/components/ui/page-frame';
import { HoldersTable } from '@/features/stats/components/holders-table';
import { MarketCards } from '@/features/stats/components/market-cards';
import { PriceChart } from '@/features/stats/components/price-chart';
import { useAppConfig } from '@/lib/config';

/** Token Analytics: price chart, 24 h figures and holders of LUCKY from the event index. */
export function StatsPage() {
  const config = useAppConfig();
  const tokens = config.data?.tokens ?? [];
  const supra = tokens.find((t) => t.symbol === 'SUPRA')?.decimals ?? 8;
  const lucky = tokens.find((t) => t.name === 'LUCKY')?.decimals ?? 6;
  return (
    <PageFrame title="Token Analytics" subtitle="Supply, burn, price and liquidity of LUCKY, refreshed every 60 seconds.">
      <div className="space-y-6">
        <MarketCards supraDecimals={supra} />
        <PriceChart quoteDecimals={supra} />
        <HoldersTable decimals={lucky} />
      </div>
    </PageFrame>
  );
}
