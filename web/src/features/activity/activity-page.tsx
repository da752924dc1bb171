import { lazy } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageContent } from '@/components/ui/page-content';
import { PageFrame } from '@/components/ui/page-frame';
import { useWallet } from '@/lib/wallet/wallet-context';

const ActivityContent = lazy(() => import('@/features/activity/activity-content').then((m) => ({ default: m.ActivityContent })));

const SUBTITLE = 'Every swap, spin, burn, Cosmic Miners and staking action and LUCKY transfer of your wallet, newest first, from the event index.';

/**
 * `/activity`: the connected wallet's own history (what DeBank or Jupiter call "My activity"). The
 * heading and the connect prompt paint with the first load; the list, which reads the server, loads
 * right after.
 */
export function ActivityPage() {
  const wallet = useWallet();
  const address = wallet.status === 'connected' ? wallet.address : null;
  return (
    <PageFrame title="My Activity" subtitle={SUBTITLE}>
      {address ? (
        <PageContent>
          <ActivityContent address={address} />
        </PageContent>
      ) : (
        <Card tone="cyan" className="mx-auto max-w-md text-center">
          <h2 className="font-display text-2xl font-bold text-white">Connect Your Wallet</h2>
          <p className="mt-2 text-muted">Connect a wallet to see everything it did here, and to download it as a CSV file.</p>
          <Button className="mt-5" onClick={() => void wallet.connect()} disabled={wallet.status === 'connecting'}>
            {wallet.status === 'connecting' ? 'Connecting...' : 'Connect Wallet'}
          </Button>
        </Card>
      )}
    </PageFrame>
  );
}
