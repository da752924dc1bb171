import { PageFrame } from '@/components/ui/page-frame';
import { PageContent } from '@/components/ui/page-content';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

const BurnCertificateContent = lazyWithQueries(() => import('@/features/burn/burn-certificate-content').then((m) => m.BurnCertificateContent));

/**
 * Burn Certificate: the heading paints with the first load; the rest of the screen, which reads the server,
 * loads right after (burn-certificate-content.tsx).
 */
export function BurnCertificatePage() {
  return (
    <PageFrame title="Burn Certificate" subtitle="A burn anyone can check: this page reads the transaction from the chain.">
      <PageContent>
        <BurnCertificateContent />
      </PageContent>
    </PageFrame>
  );
}
