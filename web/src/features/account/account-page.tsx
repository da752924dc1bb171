import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { useAddressLabel } from '@/components/ui/chain-link';
import { Spinner } from '@/components/ui/spinner';
import { TokenLogo } from '@/components/ui/token-logo';
import { fmt2Grouped, safeBigInt } from '@/lib/amounts';
import { ApiError } from '@/lib/api';
import { useBalances } from '@/lib/balances/use-balances';
import { useAppConfig } from '@/lib/config';
import { useDocumentTitle } from '@/lib/use-document-title';

// The list (filters, table, paging) loads after the page's first paint.
const ActivityList = lazy(() => import('@/components/activity/activity-list').then((m) => ({ default: m.ActivityList })));

function Balances({ address }: { address: string }) {
  const q = useBalances(address);
  const tokens = useAppConfig().data?.tokens ?? [];
  const held = q.data?.balances.filter((b) => (safeBigInt(b.amount) ?? 0n) > 0n) ?? [];
  return (
    <section aria-labelledby="account-balances-title" className="panel p-4 sm:p-5">
      <h2 id="account-balances-title" className="mb-3 font-display text-lg font-extrabold tracking-wide text-white">
        Balances
      </h2>
      {/* A fixed height in every state: the list arriving moves nothing below it, and a long
          list scrolls inside. */}
      <div className="h-72 overflow-y-auto" tabIndex={0} role="region" aria-label="Balances list">
      {q.isError ? (
        <p className="text-sm text-muted">{q.error instanceof ApiError ? q.error.message : 'Balances could not be loaded.'}</p>
      ) : q.isPending ? (
        <Spinner label="Loading balances" className="text-neon-cyan" />
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
      </div>
    </section>
  );
}

/** `/account/:address`: an account's balances and its indexed activity, for anyone (devnet's account explorer). */
export function AccountPage() {
  const { address = '' } = useParams();
  const label = useAddressLabel()(address);
  useDocumentTitle(label ?? 'Account');
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="mb-2 text-xs font-bold tracking-[0.3em] text-neon-cyan uppercase">Account</p>
      {/* The labels arrive with the app's config, after the first paint: the header keeps the
          height of its taller form (a label above the address) so its arrival moves nothing. */}
      <div className="min-h-20 sm:min-h-14">
        {label ? (
          <>
            <h1 className="mb-1 font-display text-2xl font-extrabold text-white">{label}</h1>
            <p className="font-mono text-sm break-all text-muted" data-testid="account-address">
              {address}
            </p>
          </>
        ) : (
          <h1 className="font-mono text-base break-all text-white sm:text-lg" data-testid="account-address">
            {address}
          </h1>
        )}
      </div>
      <div className="mt-6 space-y-6">
        <Balances address={address} />
        <Suspense
          fallback={
            <section aria-label="Activity" className="panel flex min-h-96 items-center justify-center p-4 sm:p-5">
              <Spinner label="Loading activity" className="text-neon-cyan" />
            </section>
          }
        >
          <ActivityList
            address={address}
            title="Activity"
            emptyText="No swaps, spins, burns, Cosmic Miners actions or LUCKY transfers indexed for this account."
          />
        </Suspense>
      </div>
    </div>
  );
}
