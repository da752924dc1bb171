import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { NetworkFee } from '@/components/tx/network-fee';
import { fmt2Grouped } from '@/lib/amounts';
import type { NetworkFeeState } from '@/lib/tx/use-network-fee';
import type { TxPhase } from '@/lib/tx/tx-state';
import type { MinerzAction } from '@/features/minerz/hooks/use-minerz';
import { MINE_DECIMALS } from '@/features/minerz/utils/game';

const phaseLabels: Record<Exclude<TxPhase, 'idle'>, string> = {
  building: 'Preparing...',
  signing: 'Confirm in your wallet...',
  confirming: 'Confirming on chain...',
};

const mine = (v: bigint) => `${fmt2Grouped(v, MINE_DECIMALS)} MINE`;

/**
 * Before a rig launch or a claim is signed: what it moves, and the network fee in SUPRA it costs on top.
 * Escape, the backdrop and Cancel close it while nothing is being sent.
 */
export function ConfirmAction({
  action,
  fee,
  phase,
  onCancel,
  onConfirm,
}: {
  action: MinerzAction | null;
  fee: NetworkFeeState;
  phase: TxPhase;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const busy = phase !== 'idle';
  const buy = action?.kind === 'buy' ? action : null;
  const starter = action?.kind === 'starter' ? action : null;
  return (
    <Modal
      open={action !== null}
      onClose={onCancel}
      title={buy ? `Launch ${buy.rig.name}` : starter ? 'Claim starter MINE' : 'Claim output'}
      closeIconLabel="Cancel"
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" onClick={onConfirm} disabled={busy}>
            {busy ? phaseLabels[phase] : buy ? 'Sign and launch' : starter ? 'Sign and claim starter' : 'Sign and claim'}
          </Button>
        </div>
      }
    >
      <p className="text-sm text-white/85" data-testid="minerz-confirm-summary">
        {buy ? (
          <>
            You pay <strong className="text-white">{mine(buy.rig.cost)}</strong> from your stash for a {buy.rig.level} {buy.rig.name}: +
            {mine(buy.rig.dailyOutput)}/day before boosts, {buy.rig.power.toString()} power{' '}
            {buy.rig.power === 1n ? 'unit' : 'units'}.
            {buy.referrer ? ' Your recruiter earns 5% of it.' : ''}
          </>
        ) : starter ? (
          <>
            You receive <strong className="text-white">{mine(starter.grant)}</strong>, a Nano Rig&apos;s price, from the game&apos;s emission reserve:
            once per wallet, nothing minted.
          </>
        ) : (
          <>You move your pending output into your stash: what has accrued until the block.</>
        )}
      </p>
      <NetworkFee {...fee} />
      <p className="mt-2 text-xs text-muted">The network fee is paid in SUPRA from your wallet.</p>
    </Modal>
  );
}
