import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { PageContent } from '@/components/ui/page-content';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { TxLoading } from '@/features/tx/tx-loading';

const TxContent = lazyWithQueries(() => import('@/features/tx/tx-content').then((m) => m.TxContent));

/**
 * `/tx/:hash`: one transaction's detail. The heading (the hash) paints with the first load; the
 * details, which read the server, load right after (tx-content.tsx).
 */
export function TxPage() {
  const { hash = '' } = useParams();
  useDocumentTitle('Transaction');
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="mb-2 text-xs font-bold tracking-[0.3em] text-neon-cyan uppercase">Transaction</p>
      <h1 className="font-mono text-base break-all text-white sm:text-lg">{hash}</h1>
      {/* A screen's height in every state, so the details replacing the spinner push nothing
          visible down (the link and footer below would shift on every visit). */}
      <div className="mt-6 min-h-dvh">
        <PageContent fallback={<TxLoading />}>
          <TxContent hash={hash} />
        </PageContent>
      </div>
      <p className="mt-8 text-sm">
        <Link to={paths.slots} className="text-neon-cyan hover:underline">
          ← Back to FRUIT SPIN FRENZY
        </Link>
      </p>
    </div>
  );
}
