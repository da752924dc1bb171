import { lazy, Suspense, type ReactNode } from 'react';
import { ClaimCard, PassCard, StakeCard, UnstakeCard } from './components/action-cards';
import { PoolSection } from './components/pool-section';
import { PositionSection } from './components/position-section';
import { RulesSection } from './components/rules-section';
import { useStakingPage } from './hooks/use-staking-page';
import { DEFAULT_APY_TIER } from './utils/rules';

// The confirm step (with its dialog and the network fee) loads when an action first opens it, not
// with the page.
const ConfirmDialog = lazy(() => import('./components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/**
 * The pool under the page's heading (staking-page.tsx): its figures and rules, the wallet's position,
 * and the forms to stake, unstake, claim and buy the tax-free pass. `comingSoon` stands in when the
 * node says the pool is not live.
 */
export function StakingContent({ comingSoon }: { comingSoon: ReactNode }) {
  const s = useStakingPage();
  if (s.comingSoon) return comingSoon;
  return <StakingForms s={s} />;
}

function StakingForms({ s }: { s: ReturnType<typeof useStakingPage> }) {
  const connected = s.address !== null;
  const busy = s.phase !== 'idle';
  const cardProps = { position: s.position, connected, busy, onAction: s.open };
  return (
    <>
      {s.loadFailed && (
        <p role="alert" className="mb-6 rounded-2xl border border-red-400/60 bg-red-500/10 p-4 text-sm font-bold text-red-300">
          Could not load the staking data. It refreshes every 50 s.
        </p>
      )}
      <div className="space-y-8">
        <PoolSection pool={s.pool} apyTier={s.position?.apyTier ?? DEFAULT_APY_TIER} connected={connected} />
        <PositionSection position={s.position} connected={connected} walletStatus={s.walletStatus} onConnect={() => void s.connect()} />
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <StakeCard key={`stake-${s.done}`} {...cardProps} />
          <UnstakeCard key={`unstake-${s.done}`} {...cardProps} />
          <ClaimCard {...cardProps} />
          <PassCard {...cardProps} passPrice={s.pool?.passPrice ?? null} />
        </div>
        <RulesSection passPrice={s.pool?.passPrice ?? null} />
      </div>
      {s.opened > 0 && (
        <Suspense fallback={null}>
          <ConfirmDialog
            key={s.opened}
            action={s.action}
            pool={s.pool}
            position={s.position}
            phase={s.phase}
            error={s.error}
            fee={s.fee}
            onCancel={s.close}
            onConfirm={(acceptTax) => void s.confirm(acceptTax)}
          />
        </Suspense>
      )}
    </>
  );
}
