import { useCallback, useState } from 'react';
import { useToast } from '@/components/ui/toast-context';
import { balanceOf, balancesQuery, useBalances } from '@/lib/balances/use-balances';
import { configQuery, useAppConfig } from '@/lib/config';
import { stakingGlobalQuery, stakingUserQuery, useStakingGlobal, useStakingUser } from '@/lib/staking/use-staking';
import { isTxError } from '@/lib/tx/tx-error';
import { useNetworkFee } from '@/lib/tx/use-network-fee';
import { useTransaction } from '@/lib/tx/use-transaction';
import { useDataBeforePaint } from '@/lib/use-data-before-paint';
import { useWallet } from '@/lib/wallet/wallet-context';
import { safeBigInt } from '@/lib/amounts';
import { buildStake, buildStakingClaim, buildStakingPass, buildUnstake } from '@/features/staking/api/staking-api';
import { DEFAULT_APY_TIER, exactSupra, wholeSupra } from '@/features/staking/utils/rules';

/** What the wallet asked to do; the confirmation dialog states its rules before anything is signed. */
export type StakingAction =
  | { kind: 'stake'; amount: bigint }
  | { kind: 'unstake'; amount: bigint; all: boolean }
  | { kind: 'claim' }
  | { kind: 'pass' };

/** The pool's figures, base units (SUPRA) and basis points. */
export interface PoolView {
  totalStaked: bigint;
  activeUsers: bigint;
  passPrice: bigint;
  rewardReserve: bigint;
}

/** The connected wallet's position and its SUPRA. */
export interface PositionView {
  deposit: bigint;
  pending: bigint;
  dailyYield: bigint;
  lockSecondsLeft: bigint;
  lockHoursLeft: number;
  hasPass: boolean;
  apyTier: bigint;
  balance: bigint | null;
}

const num = (v: string | undefined) => safeBigInt(v ?? null) ?? 0n;

/** The build request of an action: the confirm step prices it, signing sends it. */
function buildAction(action: StakingAction, sender: string, acceptTax: boolean) {
  switch (action.kind) {
    case 'stake':
      return buildStake({ sender, amount: wholeSupra(action.amount) });
    case 'unstake':
      return buildUnstake(
        action.all ? { sender, all: true, acceptTax } : { sender, amount: wholeSupra(action.amount), acceptTax },
      );
    case 'claim':
      return buildStakingClaim(sender);
    case 'pass':
      return buildStakingPass(sender);
  }
}

/** Words for a transaction that did not go through, for the dialog that sent it. */
export function failureText(err: unknown): string {
  if (isTxError(err)) {
    if (err.kind === 'rejected') return 'Transaction rejected!';
    if (err.kind === 'failed' && err.detail?.reason) return `Transaction failed: ${err.detail.reason}`;
    return err.message;
  }
  return err instanceof Error && err.message ? err.message : 'Something went wrong.';
}

/**
 * The staking page's state (docs/product.md, Staking): whether the network has the pool, its figures, the
 * wallet's position and SUPRA, and the four actions through the one transaction path. Data refreshes
 * every 50 s and after every transaction.
 */
export function useStakingPage() {
  const toast = useToast();
  const wallet = useWallet();
  const tx = useTransaction();
  const address = wallet.status === 'connected' ? wallet.address : null;

  // Paint once with the pool's figures and the wallet's position, so nothing moves when they arrive.
  useDataBeforePaint(configQuery);
  const config = useAppConfig();
  const configured = config.data ? config.data.network.modules.staking !== '' : undefined;
  const nativeCoin = config.data?.network.modules.nativeCoin ?? '';
  useDataBeforePaint(
    ...(configured ? [stakingGlobalQuery(true), ...(address ? [stakingUserQuery(address, true), balancesQuery(address)] : [])] : []),
  );
  const global = useStakingGlobal(configured === true);
  const user = useStakingUser(address, configured === true);
  const balances = useBalances(configured ? address : null);

  const comingSoon = configured === false || global.data?.live === false;
  const g = global.data?.live ? global.data : undefined;
  const pool: PoolView | null = g
    ? {
        totalStaked: num(g.totalStaked),
        activeUsers: num(g.activeUsers),
        passPrice: num(g.passPrice),
        rewardReserve: num(g.rewardReserve),
      }
    : null;
  const u = address && user.data?.live ? user.data : undefined;
  const position: PositionView | null = u
    ? {
        deposit: num(u.deposit),
        pending: num(u.pendingRewards),
        dailyYield: num(u.dailyYield),
        lockSecondsLeft: num(u.lockSecondsLeft),
        lockHoursLeft: u.lockHoursLeft ?? 0,
        hasPass: u.hasTaxFreePass === true,
        apyTier: safeBigInt(u.apyTier ?? null) ?? DEFAULT_APY_TIER,
        balance: balances.data ? balanceOf(balances.data, nativeCoin) : null,
      }
    : null;
  const loadFailed = global.isError || (address !== null && (user.isError || balances.isError));

  const [action, setAction] = useState<StakingAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Counters that give the dialog a fresh state per opening and the forms a fresh one per success.
  const [opened, setOpened] = useState(0);
  const [done, setDone] = useState(0);
  const open = useCallback((a: StakingAction) => {
    setError(null);
    setAction(a);
    setOpened((n) => n + 1);
  }, []);
  // The fee of what the dialog would sign, shown before signing. A taxed unstake is priced as the
  // transaction signed once the tax is accepted (the only one the dialog can send).
  const fee = useNetworkFee(
    ['staking', opened, address, action?.kind, action && 'amount' in action ? action.amount.toString() : null],
    () => buildAction(action!, address!, true),
    action !== null && address !== null,
  );
  const close = useCallback(() => {
    if (tx.phase === 'idle') setAction(null);
  }, [tx.phase]);

  const say = useCallback((message: string) => toast.show(message, { type: 'success' }), [toast]);

  /** Builds, signs and confirms the dialog's action; on success it closes with a toast, otherwise the dialog says why. */
  const confirm = useCallback(
    async (acceptTax: boolean) => {
      if (!action || !address) return;
      setError(null);
      try {
        switch (action.kind) {
          case 'stake': {
            await tx.run(() => buildAction(action, address, acceptTax));
            say(`Staked ${exactSupra(action.amount)} SUPRA!`);
            break;
          }
          case 'unstake': {
            const { detail } = await tx.run(() => buildAction(action, address, acceptTax));
            const ev = detail.decoded?.unstake;
            const back = safeBigInt(ev?.returned ?? null);
            const tax = safeBigInt(ev?.tax ?? null) ?? 0n;
            say(
              back === null
                ? 'Unstaked!'
                : `Unstaked ${exactSupra(num(ev?.amount))} SUPRA: you received ${exactSupra(back)} SUPRA` +
                    (tax > 0n ? ` and ${exactSupra(tax)} SUPRA of tax went to the reward reserve.` : '.'),
            );
            break;
          }
          case 'claim': {
            const { detail } = await tx.run(() => buildAction(action, address, acceptTax));
            const paid = safeBigInt(detail.decoded?.stakingClaim?.amount ?? null);
            say(paid === null ? 'Rewards claimed!' : `Claimed ${exactSupra(paid)} SUPRA of rewards!`);
            break;
          }
          case 'pass': {
            await tx.run(() => buildAction(action, address, acceptTax));
            say('Tax-free pass bought: unstaking inside the lock window is now free of tax.');
            break;
          }
        }
        setAction(null);
        setDone((n) => n + 1);
      } catch (err) {
        setError(failureText(err));
      }
    },
    [action, address, say, tx],
  );

  return {
    loading: config.isPending || (configured === true && global.isPending),
    comingSoon,
    pool,
    position,
    address,
    walletStatus: wallet.status,
    connect: wallet.connect,
    loadFailed,
    action,
    opened,
    done,
    open,
    close,
    confirm,
    error,
    fee,
    phase: tx.phase,
  };
}

export type StakingPageState = ReturnType<typeof useStakingPage>;
