import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { NetworkFee } from '@/components/tx/network-fee';
import type { NetworkFeeState } from '@/lib/tx/use-network-fee';
import { apyText } from '@/lib/staking/format';
import type { TxPhase } from '@/lib/tx/tx-state';
import type { PoolView, PositionView, StakingAction } from '@/features/staking/hooks/use-staking-page';
import { exactSupra, lockLeftText, LOCK_SECONDS, taxNow } from '@/features/staking/utils/rules';

const titles: Record<StakingAction['kind'], string> = {
  stake: 'Confirm stake',
  unstake: 'Confirm unstake',
  claim: 'Confirm claim',
  pass: 'Confirm tax-free pass',
};

const signLabels: Record<StakingAction['kind'], string> = {
  stake: 'Sign and stake',
  unstake: 'Sign and unstake',
  claim: 'Sign and claim',
  pass: 'Sign and buy',
};

const phaseLabels: Record<Exclude<TxPhase, 'idle'>, string> = {
  building: 'Preparing...',
  signing: 'Confirm in your wallet...',
  confirming: 'Confirming on chain...',
};

const s = (v: bigint) => `${exactSupra(v)} SUPRA`;

function Rule({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <li className="flex gap-2" data-testid={testId}>
      <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-neon-cyan" />
      <span>{children}</span>
    </li>
  );
}

/**
 * Before anything is signed: what the action does with the figures it will move, and the pool's rules
 * that apply to it (lock window, early-unstake tax and the pass, APY tier). Escape, the backdrop and
 * Cancel close it; a taxed unstake needs the tax accepted first.
 */
export function ConfirmDialog({
  action,
  pool,
  position,
  phase,
  error,
  fee,
  onCancel,
  onConfirm,
}: {
  action: StakingAction | null;
  pool: PoolView | null;
  position: PositionView | null;
  phase: TxPhase;
  error: string | null;
  /** The network fee of what the dialog would sign. */
  fee: NetworkFeeState;
  onCancel: () => void;
  onConfirm: (acceptTax: boolean) => void;
}) {
  const [accepted, setAccepted] = useState(false);
  const busy = phase !== 'idle';
  const p = position;
  const apy = p ? `${apyText(p.apyTier)} a year (APY tier ${p.apyTier} basis points)` : '';
  let rules: ReactNode = null;
  let taxed = 0n;
  if (action && p) {
    switch (action.kind) {
      case 'stake': {
        const after = p.deposit + action.amount;
        rules = (
          <>
            <Rule testId="confirm-summary">
              You stake <strong className="text-white">{s(action.amount)}</strong>; your deposit becomes {s(after)}.
            </Rule>
            <Rule>
              A stake is locked for {LOCK_SECONDS.toLocaleString('en-US')} s (one day) after the last deposit: this stake starts the
              window again for your whole deposit.
            </Rule>
            <Rule>
              {p.hasPass
                ? 'Your tax-free pass waives the 10% early-unstake tax: you can unstake inside the window for free.'
                : 'Unstaking inside the window costs a 10% early-unstake tax, which goes to the reward reserve. The tax-free pass waives it. After the window, unstaking is free.'}
            </Rule>
            <Rule>
              Rewards accrue every second at your APY tier, now {apy}. The pool sets the tier from your deposit.
            </Rule>
          </>
        );
        break;
      }
      case 'unstake': {
        taxed = taxNow(action.amount, p.lockSecondsLeft, p.hasPass);
        rules = (
          <>
            <Rule testId="confirm-summary">
              You unstake <strong className="text-white">{s(action.amount)}</strong>
              {taxed > 0n ? (
                <>
                  {' '}
                  and receive <strong className="text-white">{s(action.amount - taxed)}</strong>.
                </>
              ) : (
                <> and receive all of it.</>
              )}
            </Rule>
            {p.lockSecondsLeft === 0n ? (
              <Rule>The lock window is over: unstaking is free of tax.</Rule>
            ) : p.hasPass ? (
              <Rule>
                Your stake is in its lock window for another {lockLeftText(p.lockSecondsLeft)}, and your tax-free pass waives the
                early-unstake tax.
              </Rule>
            ) : (
              <Rule testId="confirm-tax">
                Your stake is in its lock window for another {lockLeftText(p.lockSecondsLeft)}. Unstaking now costs the 10%
                early-unstake tax: <strong className="text-white">{s(taxed)}</strong> goes to the reward reserve. Wait until the window
                ends, or buy the tax-free pass, to unstake for free.
              </Rule>
            )}
            <Rule>Pending rewards stay yours: you can claim them after unstaking.</Rule>
          </>
        );
        break;
      }
      case 'claim':
        rules = (
          <>
            <Rule testId="confirm-summary">
              You claim your pending rewards: <strong className="text-white">{s(p.pending)}</strong> at the last reading, and the few
              seconds more that accrue until the block.
            </Rule>
            <Rule>
              They are paid from the reward reserve{pool ? ` (${s(pool.rewardReserve)})` : ''}. If it holds less than you are owed, it
              pays what it holds and the rest stays pending.
            </Rule>
            <Rule>Your deposit and its lock window do not change. Your APY tier is {apy}.</Rule>
          </>
        );
        break;
      case 'pass':
        rules = (
          <>
            <Rule testId="confirm-summary">
              You buy the tax-free pass for <strong className="text-white">{pool ? s(pool.passPrice) : '…'}</strong>, paid into the reward
              reserve that pays the stakers' rewards.
            </Rule>
            <Rule>
              It waives the 10% early-unstake tax on every unstake inside the lock window ({LOCK_SECONDS.toLocaleString('en-US')} s after
              your last deposit). It is bought once and never expires.
            </Rule>
            <Rule>It does not change your deposit, your rewards or your APY tier ({apy}).</Rule>
          </>
        );
        break;
    }
  }
  const needsAccept = taxed > 0n;
  return (
    <Modal
      open={action !== null}
      onClose={onCancel}
      title={action ? titles[action.kind] : ''}
      closeIconLabel="Cancel"
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="primary"
            disabled={busy || (needsAccept && !accepted)}
            onClick={() => onConfirm(needsAccept && accepted)}
          >
            {busy ? phaseLabels[phase] : action ? signLabels[action.kind] : ''}
          </Button>
        </div>
      }
    >
      <ul className="space-y-3 text-sm text-white/85">{rules}</ul>
      <NetworkFee {...fee} />
      <p className="mt-2 text-xs text-muted">The network fee is paid in SUPRA from your wallet, on top of these amounts.</p>
      {needsAccept && (
        <label className="mt-4 flex items-start gap-3 rounded-xl border border-neon-gold/50 bg-neon-gold/10 p-3 text-sm text-white">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-neon-gold"
            checked={accepted}
            disabled={busy}
            onChange={(e) => setAccepted(e.target.checked)}
          />
          <span>I accept the 10% early-unstake tax of {s(taxed)}.</span>
        </label>
      )}
      {error && (
        <p role="alert" className="mt-4 rounded-xl border border-red-400/60 bg-red-500/10 p-3 text-sm font-semibold text-red-200">
          {error}
        </p>
      )}
    </Modal>
  );
}
