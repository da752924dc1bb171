import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { fmt2Grouped, formatInteger, safeBigInt } from '@/lib/amounts';
import { useAppConfig } from '@/lib/config';
import { useWallet } from '@/lib/wallet/wallet-context';
import { useStakingGlobal, useStakingUser } from '@/lib/staking/use-staking';
import { apyText, lockText } from '@/lib/staking/format';

const CONNECT = 'Connect wallet';
/** Without a wallet the APY tier reads 500 (docs/product.md, Staking). */
const DEFAULT_APY_TIER = 500n;

function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-white/5 py-2 last:border-0">
      <dt className="min-w-0 text-sm text-muted">{label}</dt>
      <dd data-testid={testId} className="shrink-0 text-right font-bold whitespace-nowrap text-white tabular-nums">
        {value}
      </dd>
    </div>
  );
}

/**
 * The staking pool's figures (docs/product.md, Staking) in the Staking info modal: global figures, and the
 * wallet's values refreshed on wallet change and every 50 s. Without a wallet the balances read
 * 'Connect wallet' and the APY tier 500; on networks without a staking pool, 'Coming Soon'.
 */
export function StakingFigures() {
  const config = useAppConfig();
  const wallet = useWallet();
  const address = wallet.status === 'connected' ? wallet.address : null;
  const configured = config.data ? config.data.network.modules.staking !== '' : false;
  const global = useStakingGlobal(configured);
  const user = useStakingUser(address, configured);

  if (config.isPending) return <Spinner label="Loading staking data" className="text-neon-cyan" />;
  if (!configured || global.data?.live === false) {
    return (
      <section aria-label="Staking pool" className="mt-6 rounded-xl border border-neon-gold/40 bg-neon-gold/10 p-4 text-center">
        <p data-testid="staking-coming-soon" className="font-display text-lg font-extrabold text-neon-gold">
          Coming Soon
        </p>
        <p className="text-sm">The staking pool is not live on this network yet.</p>
      </section>
    );
  }
  const g = global.data;
  const u = address ? user.data : undefined;
  const dec = g?.decimals ?? 8;
  const coin = (v: string | undefined) => (address ? (u ? `${fmt2Grouped(v, dec)} SUPRA` : '…') : CONNECT);
  const apy = address && u ? (safeBigInt(u.apyTier ?? null) ?? DEFAULT_APY_TIER) : DEFAULT_APY_TIER;
  const hours = address && u ? (u.lockHoursLeft ?? 0) : 0;
  const hasDeposit = (safeBigInt(u?.deposit ?? null) ?? 0n) > 0n;
  const failed = global.isError || (address !== null && user.isError);
  return (
    <section aria-label="Staking pool" className="mt-6 rounded-xl border border-white/10 bg-ink-900/70 p-4">
      <h3 className="font-display text-base font-extrabold text-white">Staking pool</h3>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          Could not load the staking data. It refreshes every 50 s.
        </p>
      )}
      <dl className="mt-2">
        <Row label="Active stakers" testId="staking-active-users" value={g ? formatInteger(safeBigInt(g.activeUsers ?? null) ?? 0n) : '…'} />
        <Row label="Total staked" testId="staking-total" value={g ? `${fmt2Grouped(g.totalStaked, dec)} SUPRA` : '…'} />
        <Row label="Tax-free pass price" testId="staking-pass-price" value={g ? `${fmt2Grouped(g.passPrice, dec)} SUPRA` : '…'} />
        <Row label="Your deposit" testId="staking-deposit" value={coin(u?.deposit)} />
        <Row label="Pending rewards" testId="staking-pending" value={coin(u?.pendingRewards)} />
        <Row label="Daily yield" testId="staking-daily" value={coin(u?.dailyYield)} />
        <Row label="APY tier" testId="staking-apy" value={apyText(apy)} />
        <Row
          label="Lock window left"
          testId="staking-lock"
          value={hasDeposit ? (hours > 0 ? lockText(hours) : 'Unlocked') : '—'}
        />
        <Row label="Tax-free pass" testId="staking-pass" value={address && u?.hasTaxFreePass ? 'Owned' : 'No'} />
      </dl>
    </section>
  );
}
