import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { swapText } from '../utils/messages';

/** Shown while a swap is signed and confirmed; `text` says which step of a route is under way. */
export function ProcessingDialog({ text }: { text: string }) {
  return (
    <Modal open onClose={() => {}} title={swapText.processingTitle} size="sm" showCloseIcon={false}>
      <div className="flex items-center gap-3">
        <Spinner size={28} label={swapText.processingTitle} className="text-neon-cyan" />
        <p className="text-base text-white" data-testid="swap-step">
          {text}
        </p>
      </div>
    </Modal>
  );
}
