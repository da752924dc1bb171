import { useEffect, useState, type ReactNode } from 'react';
import { PageContent } from '@/components/ui/page-content';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import type { AppConfig } from '@/types/api';

const StakingContent = lazyWithQueries(() => import('@/features/staking/staking-content').then((m) => m.StakingContent));

/**
 * Whether the network the app targets has the staking pool (GET /api/v1/config); null until the
 * config is read. A config that cannot be read counts as a pool: the content then says it could
 * not load the pool's data, which is the truth, where a placeholder would not be.
 */
function useNetworkHasPool(): boolean | null {
  const [has, setHas] = useState<boolean | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    api<AppConfig>('/config', { signal: ctl.signal }).then(
      (cfg) => setHas(cfg.network.modules.staking !== ''),
      () => {
        if (!ctl.signal.aborted) setHas(true);
      },
    );
    return () => ctl.abort();
  }, []);
  return has;
}

/**
 * /staking and /earn (docs/product.md, Staking): the SUPRA staking pool where the network has it, its
 * heading painting first and the pool, which reads the server, right after (staking-content.tsx).
 * Where the network has no pool the route shows `comingSoon`, the placeholder the router hands in.
 */
export function StakingPage({ comingSoon }: { comingSoon: ReactNode }) {
  const hasPool = useNetworkHasPool();
  if (hasPool === false) return comingSoon;
  if (hasPool === null) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center text-neon-cyan">
        <Spinner size={32} label="Loading" />
      </div>
    );
  }
  return (
    <PageFrame title="Staking" subtitle="Stake SUPRA in the pool, earn rewards every second, and claim them when you like.">
      <PageContent>
        <StakingContent comingSoon={comingSoon} />
      </PageContent>
    </PageFrame>
  );
}
