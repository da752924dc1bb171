import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageContent } from '@/components/ui/page-content';
import { PageFrame } from '@/components/ui/page-frame';
import { useToast } from '@/components/ui/toast-context';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { useWallet } from '@/lib/wallet/wallet-context';

const PortfolioContent = lazyWithQueries(() => import('@/features/portfolio/portfolio-content').then((m) => m.PortfolioContent));

const SUBTITLE = "Every Supra token in your wallet, valued in SUPRA and USD from the exchange's pools.";

/**
 * Portfolio (docs/product.md): the connect prompt, or the heading, which paints with the first load,
 * and the wallet's holdings, which read the server and load right after (portfolio-content.tsx).
 */
export function PortfolioPage() {
  const wallet = useWallet();
  const toast = useToast();
  if (wallet.status === 'connected' && wallet.address) {
    return (
      <PageFrame title="Portfolio" subtitle={SUBTITLE}>
        <PageContent>
          <PortfolioContent address={wallet.address} />
        </PageContent>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Portfolio Overview" documentTitle="Portfolio" subtitle={SUBTITLE}>
      <Card tone="cyan" className="mx-auto max-w-md text-center">
        <h2 className="font-display text-2xl font-bold text-white">Connect Your Wallet</h2>
        <p className="mt-2 text-muted">Connect a wallet to see your holdings, their value and your allocation.</p>
        <Button
          className="mt-5"
          onClick={() => {
            if (wallet.status === 'disconnected') void wallet.connect();
            else toast.show('Please connect your wallet', { type: 'info', duration: 3000 });
          }}
        >
          {wallet.status === 'connecting' ? 'Connecting...' : 'Connect Wallet'}
        </Button>
      </Card>
    </PageFrame>
  );
}
