import { useParams } from 'react-router';
import { PageContent } from '@/components/ui/page-content';
import { PageFrame } from '@/components/ui/page-frame';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

const TokenContent = lazyWithQueries(() => import('@/features/token/token-content').then((m) => m.TokenContent));

/**
 * `/token/:symbol`: one listed token's market page. The heading (the symbol from the address) paints
 * with the first load; the figures, chart and trades, which read the server, load right after
 * (token-content.tsx).
 */
export function TokenPage() {
  const symbol = useParams().symbol ?? '';
  return (
    <PageFrame title={symbol.toUpperCase()} documentTitle={`${symbol.toUpperCase()} price, volume and trades`}>
      <PageContent>
        <TokenContent />
      </PageContent>
    </PageFrame>
  );
}
