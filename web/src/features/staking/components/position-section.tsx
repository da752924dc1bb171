import { Button } from '@/components/ui/button';
import { fmt2Grouped } from '@/lib/amounts';
import { lockText } from '@/lib/staking/format';
import type { WalletStatus } from '@/lib/wallet/types';
import { Stat } from './stat';
import type { PositionView } from '@/features/staking/hooks/use-staking-page';
import { rewardText, rewardTitle, SUPRA_DECIMALS } from '@/features/staking/utils/rules';

const CONNECT = 'Connect wallet';

/** The wallet's position: deposit, pending rewards, daily yield, lock time left, the pass. Without a wallet the values ask for one. */
export function PositionSection({
  position,
  connected,
  walletStatus,
  onConnect,
}: {
  position: PositionView | null;
  connected: boolean;
  walletStatus: WalletStatus;
  onConnect: () => void;
}) {
  const p = position;
  const coin = (v: bigint | undefined) => (connected ? (v === undefined ? '…' : `${fmt2Grouped(v, SUPRA_DECIMALS)} SUPRA`) : CONNECT);
  // Rewards to their last significant digit, the exact amount on hover.
  const reward = (v: bigint | undefined) =>
    connected && v !== undefined ? <span title={rewardTitle(v)}>{rewardText(v)}</span> : coin(v);
  let lock = CONNECT;
  if (connected) lock = !p ? '…' : p.deposit === 0n ? 'No stake' : p.lockSecondsLeft > 0n ? lockText(p.lockHoursLeft) : 'Unlocked';
  const pass = connected ? (!p ? '…' : p.hasPass ? 'Owned' : 'No') : CONNECT;
  return (
    <section aria-labelledby="staking-position-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="staking-position-heading" className="font-display text-xl font-extrabold text-white">
          Your position
        </h2>
        {!connected && (
          <Button size="sm" data-testid="staking-connect" onClick={onConnect} disabled={walletStatus === 'connecting'}>
            {walletStatus === 'connecting' ? 'Connecting...' : 'Connect Wallet'}
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
        <Stat label="Your deposit" testId="position-deposit" value={coin(p?.deposit)} />
        <Stat label="Pending rewards" testId="position-pending" value={reward(p?.pending)} />
        <Stat label="Daily yield" testId="position-daily" value={reward(p?.dailyYield)} />
        <Stat label="Lock time left" testId="position-lock" value={lock} />
        <Stat label="Tax-free pass" testId="position-pass" value={pass} />
        <Stat label="Wallet SUPRA" testId="position-balance" value={coin(p?.balance ?? undefined)} />
      </dl>
    </section>
  );
}
