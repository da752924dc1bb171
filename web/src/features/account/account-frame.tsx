import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

// The parts of the account page that the page draws while its content loads and the content
// draws after: the same boxes in both, so the content arriving moves nothing.

/** The page's heading: the address, or its label above it once the app's config has it. */
export function AccountHeading({ address, label }: { address: string; label: string | null }) {
  return (
    // The labels arrive with the app's config, after the first paint: the box keeps the height
    // of the taller form (a label above the address) so their arrival moves nothing.
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
  );
}

/** The balances' panel around its list, its loading state or its message. */
export function BalancesPanel({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="account-balances-title" className="panel p-4 sm:p-5">
      <h2 id="account-balances-title" className="mb-3 font-display text-lg font-extrabold tracking-wide text-white">
        Balances
      </h2>
      {/* A fixed height in every state: the list arriving moves nothing below it, and a long
          list scrolls inside. */}
      <div className="h-40 overflow-y-auto" tabIndex={0} role="region" aria-label="Balances list">
        {children}
      </div>
    </section>
  );
}

export function BalancesLoading() {
  return <Spinner label="Loading balances" className="text-neon-cyan" />;
}

/** The activity list's place while it loads. */
export function ActivityLoading() {
  return (
    <section aria-label="Activity" className="panel flex min-h-96 items-center justify-center p-4 sm:p-5">
      <Spinner label="Loading activity" className="text-neon-cyan" />
    </section>
  );
}

/** Everything under the page's eyebrow, before the content has loaded. */
export function AccountLoading({ address }: { address: string }) {
  return (
    <>
      <AccountHeading address={address} label={null} />
      <div className="mt-6 space-y-6">
        <BalancesPanel>
          <BalancesLoading />
        </BalancesPanel>
        <ActivityLoading />
      </div>
    </>
  );
}
