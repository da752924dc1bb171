import { Modal } from '@/components/ui/modal';
import { buttonClasses } from '@/components/ui/button';
import type { BurnInfo } from '@/types/api';
import { certificateFileName, telegramShareUrl, xShareUrl } from '../certificate-links';
import { CertificateDetails } from './certificate-details';

/** The 'Burn Certificate' modal (docs/product.md, Burn): the certificate, Download and the two shares. */
export function BurnCertificateModal({
  burn,
  onClose,
}: {
  burn: BurnInfo | null;
  onClose: () => void;
}) {
  return (
    <Modal open={!!burn} onClose={onClose} title="Burn Certificate" size="lg">
      {burn && (
        <div className="space-y-5">
          <CertificateDetails burn={burn} />
          <div className="flex flex-wrap gap-3">
            <a className={buttonClasses('primary', 'md')} href={burn.certificateUrl} download={certificateFileName(burn)}>
              Download
            </a>
            <a className={buttonClasses('secondary', 'md')} href={xShareUrl(burn)} target="_blank" rel="noopener noreferrer">
              Share on X
            </a>
            <a
              className={buttonClasses('secondary', 'md')}
              href={telegramShareUrl(burn)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Share on Telegram
            </a>
            <a className={buttonClasses('ghost', 'md')} href={burn.url}>
              Open certificate page
            </a>
          </div>
        </div>
      )}
    </Modal>
  );
}
