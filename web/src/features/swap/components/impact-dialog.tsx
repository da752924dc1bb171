import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { CONFIRM_WORD, formatImpact, needsTypedConfirm } from '../utils/impact';
import { impactLoss } from '../utils/messages';

/**
 * The high price impact confirmation (docs/product.md, Swap; after Liquidswap's
 * PriceImpactWarningDialog):
 * above 5 % a Cancel / Swap anyway choice; from 15 % the user must also type "confirm".
 */
export function ImpactDialog({
  open,
  bps,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  bps: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const typedNeeded = needsTypedConfirm(bps);
  const ok = !typedNeeded || typed.trim().toLowerCase() === CONFIRM_WORD;
  const close = () => {
    setTyped('');
    onCancel();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title="High price impact"
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={!ok}
            onClick={() => {
              setTyped('');
              onConfirm();
            }}
          >
            Swap anyway
          </Button>
        </>
      }
    >
      <p className="text-base font-semibold text-orange-300">{impactLoss(formatImpact(bps))}</p>
      <p className="mt-2 text-sm">
        This pool is thin for the amount you entered: your trade moves the price against you. A smaller amount loses less.
      </p>
      {typedNeeded && (
        <div className="mt-4">
          <label htmlFor={inputId} className="block text-sm text-white">
            Type <strong>{CONFIRM_WORD}</strong> to swap anyway
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            className="mt-2 h-10 w-full rounded-lg border border-white/15 bg-ink-900 px-3 text-white focus:border-neon-cyan focus:outline-none"
          />
        </div>
      )}
    </Modal>
  );
}
