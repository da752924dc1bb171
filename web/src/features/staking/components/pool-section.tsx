import { fmt2Grouped, formatInteger } from '@/lib/amounts';
import { apyText } from '@/lib/staking/format';
import { Stat } from './stat';
import type { PoolView } from '@/features/staking/hooks/use-staking-page';
import { SUPRA_DECIMALS } from '@/features/staking/utils/rules';

const supra = (v: bigint) => `${fmt2Grouped(v, SUPRA_DECIMALS)} SUPRA`;

/** The pool's figures: total staked, active stakers, reward reserve, pass price, and the APY tier. */
export function PoolSection({ pool, apyTier, connected }: { pool: PoolView | null; apyTier: bigint; connected: boolean }) {
  return (
    <section aria-labelledby="staking-pool-heading">
      <h2 id="staking-pool-heading" className="mb-3 font-display text-xl font-extrabold text-white">
        The pool
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
        <Stat label="Total staked" testId="pool-total" value={pool ? supra(pool.totalStaked) : '…'} />
        <Stat label="Active stakers" testId="pool-users" value={pool ? formatInteger(pool.activeUsers) : '…'} />
        <Stat label="Reward reserve" testId="pool-reserve" value={pool ? supra(pool.rewardReserve) : '…'} />
        <Stat label="Tax-free pass price" testId="pool-pass-price" value={pool ? supra(pool.passPrice) : '…'} />
        <Stat
          label="APY tier"
          testId="pool-apy"
          value={apyText(apyTier)}
          hint={connected ? `${apyTier} basis points: your deposit's tier` : `${apyTier} basis points without a wallet`}
        />
      </dl>
    </section>
  );
}
