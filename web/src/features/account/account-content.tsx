import { lazy, Suspense } from 'react';
import { useAddressLabel } from '@/components/ui/chain-link';
import { TokenLogo } from '@/components/ui/token-logo';
import { fmt2Grouped, safeBigInt } from '@/lib/amounts';
import { ApiError } from '@/lib/api';
import { useBalances } from '@/lib/balances/use-balances';
import { useAppConfig } from '@/lib/config';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccountHeading, ActivityLoading, BalancesLoading, BalancesPanel } from '@/features/account/account-frame';

// The list (filters, table, paging) loads after the balances.
const ActivityList = lazy(() => import('@/components/activity/activity-list').then((m) => ({ default: m.ActivityList })));

function Balances({ address }: { address: string }) {
  const q = useBalances(address);
  const tokens = useAppConfig().data?.tokens ?? [];
  const held = q.data?.balances.filter((b) => (safeBigInt(b.amount) ?? 0n) > 0n) ?? [];
  return (
    <BalancesPanel>
      {q.isError ? (
        <p className="text-sm text-muted">{q.error instanceof ApiError ? q.error.message : 'Balances could not be loaded.'}</p>
      ) : q.isPending ? (
        <BalancesLoading />
      ) : held.length === 0 ? (
        <p className="text-sm text-muted">This account holds none of the listed tokens.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Token balances">
          {held.map((b) => (
            <li key={b.coinType} data-testid="account-balance" className="flex min-w-0 items-center justify-between gap-3 rounded-xl border border-white/10 bg-ink-900/60 px-3 py-2 text-sm">
              <span className="flex min-w-0 items-center gap-2 font-bold text-white">
                <TokenLogo src={tokens.find((t) => t.coinType === b.coinType)?.logo ?? ''} name={b.name} size={20} />
                <span className="truncate">{b.name}</span>
              </span>
              <span className="min-w-0 truncate font-mono text-white" title={`${b.amount} base units`}>
                {fmt2Grouped(b.amount, b.decimals)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </BalancesPanel>
  );
}

/** The account's label, balances and activity: loaded after the page's heading has painted, with React Query. */
export function AccountContent({ address }: { address: string }) {
  const label = useAddressLabel()(address);
  useDocumentTitle(label ?? 'Account');
  return (
    <>
      <AccountHeading address={address} label={label} />
      <div className="mt-6 space-y-6">
        <Balances address={address} />
        <Suspense fallback={<ActivityLoading />}>
          <ActivityList
            address={address}
            title="Activity"
            emptyText="No swaps, spins, burns, Cosmic Miners actions or LUCKY transfers indexed for this account."
          />
        </Suspense>
      </div>
    </>
  );
}
