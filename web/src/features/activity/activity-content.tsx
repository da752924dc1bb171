import { ActivityList } from '@/components/activity/activity-list';
import { Link } from '@/components/ui/link';
import { accountPath } from '@/lib/paths';
import { QueryRoot } from '@/lib/query-root';

/** The connected wallet's list: loaded after the page's heading has painted, with React Query. */
export function ActivityContent({ address }: { address: string }) {
  return (
    <QueryRoot>
      <div className="mx-auto max-w-5xl space-y-3">
        <p className="text-sm text-muted">
          Wallet <span className="font-mono break-all text-white">{address}</span> ·{' '}
          <Link to={accountPath(address)} className="text-neon-cyan hover:underline">
            balances
          </Link>
        </p>
        <ActivityList
          address={address}
          title="Your activity"
          emptyText="Nothing yet: your swaps, spins, burns, Cosmic Miners and staking actions and LUCKY transfers show here once they are indexed."
        />
      </div>
    </QueryRoot>
  );
}
