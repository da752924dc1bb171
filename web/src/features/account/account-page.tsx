import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { TxLink, useAddressLabel } from '@/components/ui/chain-link';
import { IndexProgress } from '@/components/ui/index-progress';
import { Spinner } from '@/components/ui/spinner';
import { TokenLogo } from '@/components/ui/token-logo';
import { useAccountActivity } from '@/features/account/api/use-account-activity';
import { fmt2Grouped, safeBigInt } from '@/lib/amounts';
import { ApiError } from '@/lib/api';
import { useBalances } from '@/lib/balances/use-balances';
import { useAppConfig } from '@/lib/config';
import { burnCertificatePath } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { AccountActivityItem } from '@/types/api';

/** One activity line in words: what went in and what came back. */
function describe(a: AccountActivityItem): string {
  const amt = (units: string | null, t: AccountActivityItem['token'] | null) => (t ? `${fmt2Grouped(units, t.decimals)} ${t.name}` : '');
  switch (a.kind) {
    case 'swap':
      return `Swapped ${amt(a.amount, a.token)} for ${amt(a.amountOut, a.tokenOut)}`;
    case 'spin':
      return (safeBigInt(a.amountOut) ?? 0n) > 0n
        ? `Spun ${amt(a.amount, a.token)}, won ${amt(a.amountOut, a.tokenOut)}`
        : `Spun ${amt(a.amount, a.token)}, no win`;
    case 'burn':
      return `Burned ${amt(a.amount, a.token)}`;
    case 'received':
      return `Received ${amt(a.amount, a.token)}`;
    case 'sent':
      return `Sent ${amt(a.amount, a.token)}`;
  }
}

const KIND_NAMES: Record<AccountActivityItem['kind'], string> = {
  swap: 'Swap',
  spin: 'Spin',
  burn: 'Burn',
  received: 'In',
  sent: 'Out',
};

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

function Activity({ address }: { address: string }) {
  const q = useAccountActivity(address);
  return (
    <section aria-labelledby="account-activity-title" className="panel p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="account-activity-title" className="font-display text-lg font-extrabold tracking-wide text-white">
          Recent activity
        </h2>
        {/* Its own line on phones, held before the answer, so its arrival moves nothing. */}
        <span className="min-h-4 basis-full text-xs text-muted sm:basis-auto">
          {q.data ? <IndexProgress indexed={q.data.indexedHeight} head={q.data.headHeight} /> : '\u00a0'}
        </span>
      </div>
      <div className="min-h-72">
      {q.isError ? (
        <p className="text-sm text-muted">
          {q.error instanceof ApiError && q.error.code === 'index_unavailable'
            ? 'Activity comes from the event index, which is not running on this server.'
            : 'Activity could not be loaded.'}
        </p>
      ) : q.isPending ? (
        <Spinner label="Loading activity" className="text-neon-cyan" />
      ) : q.data.activity.length === 0 ? (
        <p className="text-sm text-muted">No swaps, spins, burns or LUCKY transfers indexed for this account.</p>
      ) : (
        <ul className="space-y-2" aria-label="Recent activity">
          {q.data.activity.map((a) => (
            <li
              key={`${a.txHash}-${a.kind}-${a.token.coinType}`}
              data-testid="account-activity"
              data-kind={a.kind}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-white/10 bg-ink-900/60 px-3 py-2 text-sm"
            >
              <span className="min-w-0">
                <span className="mr-2 rounded-md bg-neon-violet/20 px-1.5 py-0.5 text-[10px] font-bold tracking-widest text-white uppercase">
                  {KIND_NAMES[a.kind]}
                </span>
                <span className="text-white">{describe(a)}</span>
                <span className="block text-xs text-muted">
                  Block {a.height} · {new Date(a.time).toLocaleString('en-US')}
                </span>
              </span>
              <span className="flex shrink-0 gap-2 text-xs font-bold">
                {a.kind === 'burn' && (
                  <Link to={burnCertificatePath(a.txHash)} className="rounded-md px-1.5 py-1 text-neon-gold hover:bg-neon-gold/10 hover:underline">
                    Certificate
                  </Link>
                )}
                <TxLink hash={a.txHash} className="rounded-md px-1.5 py-1 text-neon-cyan hover:bg-neon-cyan/10 hover:underline" label={`Transaction ${a.txHash.slice(0, 10)}`}>
                  Tx
                </TxLink>
              </span>
            </li>
          ))}
        </ul>
      )}
      </div>
    </section>
  );
}

/** `/account/:address`: an account's balances and its recent indexed activity (devnet's account explorer). */
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
        <Activity address={address} />
      </div>
    </div>
  );
}
