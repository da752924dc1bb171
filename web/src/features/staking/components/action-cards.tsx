import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { fmt2Grouped } from '@/lib/amounts';
import { AmountField } from './amount-field';
import type { PositionView, StakingAction } from '@/features/staking/hooks/use-staking-page';
import { checkAmount, exactSupra, rewardText, rewardTitle, stakeable, SUPRA_DECIMALS } from '@/features/staking/utils/rules';
import { gasReserve, useGas } from '@/lib/tx/use-gas';

const supra = (v: bigint) => `${fmt2Grouped(v, SUPRA_DECIMALS)} SUPRA`;

function ActionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card tone="cyan" className="flex flex-col gap-4" aria-labelledby={id} role="region">
      <h2 id={id} className="font-display text-xl font-extrabold text-white">
        {title}
      </h2>
      {children}
    </Card>
  );
}

interface CardProps {
  position: PositionView | null;
  connected: boolean;
  busy: boolean;
  onAction: (a: StakingAction) => void;
}

/** Stake: an amount of SUPRA up to the balance less the fee reserve. */
export function StakeCard({ position, connected, busy, onAction }: CardProps) {
  const [text, setText] = useState('');
  const reserve = gasReserve(useGas(connected).data);
  const max = position?.balance != null && reserve !== null ? stakeable(position.balance, reserve) : null;
  const check = checkAmount(
    text,
    max,
    `More than you can stake: ${max === null ? '' : exactSupra(max)} SUPRA, your balance less ${reserve === null ? '' : exactSupra(reserve)} SUPRA kept for the network fee.`,
  );
  return (
    <ActionCard id="staking-stake-heading" title="Stake">
      <AmountField
        id="staking-stake-amount"
        label="Amount to stake (SUPRA)"
        value={text}
        onChange={setText}
        fillLabel="Fill in the most you can stake"
        fillText="Max"
        onFill={() => max !== null && setText(exactSupra(max).replaceAll(',', ''))}
        error={check.error}
        help={`Max keeps ${reserve === null ? 'some' : exactSupra(reserve)} SUPRA for the network fee. A stake locks your whole deposit for one day.`}
        disabled={!connected || busy}
      />
      <Button
        variant="primary"
        className="w-full"
        disabled={!connected || busy || check.units === null}
        onClick={() => check.units !== null && onAction({ kind: 'stake', amount: check.units })}
      >
        Stake
      </Button>
    </ActionCard>
  );
}

/** Unstake: an amount up to the deposit, or all of it. */
export function UnstakeCard({ position, connected, busy, onAction }: CardProps) {
  const [text, setText] = useState('');
  const deposit = position?.deposit ?? null;
  const check = checkAmount(text, deposit, `More than your deposit of ${exactSupra(deposit ?? 0n)} SUPRA.`);
  const none = deposit === 0n;
  return (
    <ActionCard id="staking-unstake-heading" title="Unstake">
      <AmountField
        id="staking-unstake-amount"
        label="Amount to unstake (SUPRA)"
        value={text}
        onChange={setText}
        fillLabel="Fill in your whole deposit"
        fillText="All"
        onFill={() => deposit !== null && setText(exactSupra(deposit).replaceAll(',', ''))}
        error={check.error}
        help={none ? 'You have no SUPRA staked.' : `Deposit: ${deposit === null ? '…' : supra(deposit)}.`}
        disabled={!connected || busy || none}
      />
      <Button
        variant="secondary"
        className="w-full"
        disabled={!connected || busy || check.units === null}
        onClick={() => check.units !== null && onAction({ kind: 'unstake', amount: check.units, all: check.units === deposit })}
      >
        Unstake
      </Button>
    </ActionCard>
  );
}

/** Claim: the pending rewards, paid from the reward reserve. */
export function ClaimCard({ position, connected, busy, onAction }: CardProps) {
  const pending = position?.pending ?? 0n;
  return (
    <ActionCard id="staking-claim-heading" title="Rewards">
      <p className="text-sm text-muted">
        Pending:{' '}
        <span className="font-bold text-white" data-testid="claim-pending">
          {connected && position ? <span title={rewardTitle(pending)}>{rewardText(pending)}</span> : '—'}
        </span>
        . Rewards accrue every second and are paid from the reward reserve when you claim.
      </p>
      <Button
        variant="gold"
        className="mt-auto w-full"
        disabled={!connected || busy || pending === 0n}
        aria-describedby={connected && pending === 0n ? 'staking-claim-none' : undefined}
        onClick={() => onAction({ kind: 'claim' })}
      >
        Claim rewards
      </Button>
      {connected && position && pending === 0n && (
        <p id="staking-claim-none" className="text-xs text-muted" data-testid="claim-none">
          {position.deposit > 0n
            ? 'Your first rewards are accruing: Claim opens as soon as the chain shows them, within seconds.'
            : 'No rewards to claim yet: they start with your first stake.'}
        </p>
      )}
    </ActionCard>
  );
}

/** The tax-free pass: bought once, waives the early-unstake tax. */
export function PassCard({ position, passPrice, connected, busy, onAction }: CardProps & { passPrice: bigint | null }) {
  const owned = position?.hasPass === true;
  return (
    <ActionCard id="staking-pass-heading" title="Tax-free pass">
      <p className="text-sm text-muted">
        {owned
          ? 'You own the pass: unstaking inside the lock window costs you no tax. It never expires.'
          : `Waives the 10% early-unstake tax. Costs ${passPrice === null ? '…' : supra(passPrice)}, bought once, never expires.`}
      </p>
      <Button
        variant="secondary"
        className="mt-auto w-full"
        disabled={!connected || busy || owned || passPrice === null}
        onClick={() => onAction({ kind: 'pass' })}
      >
        {owned ? 'Pass owned' : 'Buy the pass'}
      </Button>
    </ActionCard>
  );
}
