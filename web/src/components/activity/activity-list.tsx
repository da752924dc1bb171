import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { IndexProgress } from '@/components/ui/index-progress';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import {
  ACTIVITY_KINDS,
  activityCsvUrl,
  describeActivity,
  describeRoute,
  groupRoutes,
  kindBadge,
  type ActivityEntry,
  parseKind,
  type ActivityFilters,
} from '@/lib/activity/activity';
import { useAccountActivity } from '@/lib/activity/use-account-activity';
import { ApiError } from '@/lib/api';
import { useAppConfig } from '@/lib/config';
import { shortAddress } from '@/lib/format';
import { burnCertificatePath, txPath } from '@/lib/paths';
import type { AccountActivityItem } from '@/types/api';

const selectClass =
  'min-w-0 rounded-lg border border-white/15 bg-ink-800 px-3 py-1.5 text-sm text-white ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan';

/** The filters live in the page's URL (?kind=&token=), so a reload or a shared link keeps them. */
function useFilters(): [ActivityFilters, (next: ActivityFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: ActivityFilters = { kind: parseKind(params.get('kind')), token: params.get('token') ?? '' };
  const set = (next: ActivityFilters) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p, { replace: true });
  };
  return [filters, set];
}

function Badge({ kind }: { kind: AccountActivityItem['kind'] }) {
  return (
    <span className="rounded-md bg-neon-violet/20 px-1.5 py-0.5 text-[10px] font-bold tracking-widest whitespace-nowrap text-white uppercase">
      {kindBadge(kind)}
    </span>
  );
}

function When({ a }: { a: AccountActivityItem }) {
  return <time dateTime={a.time}>{new Date(a.time).toLocaleString('en-US')}</time>;
}

function TxAnchor({ hash, step }: { hash: string; step?: number }) {
  return (
    <Link
      to={txPath(hash)}
      className="rounded-md px-1.5 py-1 font-mono text-neon-cyan hover:bg-neon-cyan/10 hover:underline"
      aria-label={step ? `Step ${step} transaction ${hash}` : `Transaction ${hash}`}
    >
      {step ? `${step}. ` : ''}
      {shortAddress(hash)}
    </Link>
  );
}

/** The entry's links: its transaction page (a route's two, in order) and, for a burn, its certificate. */
function RowLinks({ e }: { e: ActivityEntry }) {
  if (e.route) {
    return (
      <span className="flex shrink-0 flex-col items-end gap-0.5 text-xs font-bold" data-testid="route-links">
        <TxAnchor hash={e.first.txHash} step={1} />
        <TxAnchor hash={e.second.txHash} step={2} />
      </span>
    );
  }
  const a = e.row;
  return (
    <span className="flex shrink-0 flex-wrap items-center gap-2 text-xs font-bold">
      {a.kind === 'burn' && (
        <Link to={burnCertificatePath(a.txHash)} className="rounded-md px-1.5 py-1 text-neon-gold hover:bg-neon-gold/10 hover:underline">
          Certificate
        </Link>
      )}
      <TxAnchor hash={a.txHash} />
    </span>
  );
}

/** The entry's newest row: a route's second step. */
const last = (e: ActivityEntry) => (e.route ? e.second : e.row);
const describe = (e: ActivityEntry) => (e.route ? describeRoute(e.first, e.second) : describeActivity(e.row));
const blocks = (e: ActivityEntry) => (e.route ? `${e.first.height}–${e.second.height}` : e.row.height);

/** Rows have no id of their own; a transaction's rows keep their order, so hash and place name them. */
const rowKey = (e: ActivityEntry, i: number) => `${last(e).txHash}-${i}`;

function ActivityTable({ rows }: { rows: ActivityEntry[] }) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm" aria-label="Activity">
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">Time</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Kind</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Activity</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">Block</th>
            <th scope="col" className="py-2 text-right font-semibold">Transaction</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e, i) => (
            <tr
              key={rowKey(e, i)}
              data-testid="activity-row"
              data-kind={last(e).kind}
              data-route={e.route ? 'true' : undefined}
              className="border-t border-white/5 align-middle"
            >
              <td className="py-2 pr-3 text-xs whitespace-nowrap text-muted">
                <When a={last(e)} />
              </td>
              <td className="py-2 pr-3">
                <Badge kind={last(e).kind} />
              </td>
              <td className="py-2 pr-3 break-words text-white tabular-nums">{describe(e)}</td>
              <td className="py-2 pr-3 text-right font-mono text-xs whitespace-nowrap text-muted">{blocks(e)}</td>
              <td className="py-2">
                <span className="flex justify-end">
                  <RowLinks e={e} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ActivityCards({ rows }: { rows: ActivityEntry[] }) {
  return (
    <ul className="space-y-2 md:hidden" aria-label="Activity">
      {rows.map((e, i) => (
        <li
          key={rowKey(e, i)}
          data-testid="activity-row"
          data-kind={last(e).kind}
          data-route={e.route ? 'true' : undefined}
          className="flex min-w-0 flex-col gap-1 rounded-xl border border-white/10 bg-ink-900/60 px-3 py-2 text-sm"
        >
          <span className="flex items-center justify-between gap-2">
            <Badge kind={last(e).kind} />
            <RowLinks e={e} />
          </span>
          <span className="break-words text-white tabular-nums">{describe(e)}</span>
          <span className="text-xs text-muted">
            {e.route ? 'Blocks' : 'Block'} {blocks(e)} · <When a={last(e)} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * An account's indexed activity, newest first: kind and token filters, a table on wide screens and
 * cards on phones, "Load more" through the API's cursor and the filtered CSV download. Shared by the
 * connected wallet's /activity and any account's /account/{address}.
 */
export function ActivityList({ address, title, emptyText }: { address: string; title: string; emptyText: string }) {
  const id = useId();
  const [filters, setFilters] = useFilters();
  const q = useAccountActivity(address, filters);
  const tokens = useAppConfig().data?.tokens ?? [];
  const rows = q.data?.pages.flatMap((p) => p.activity) ?? [];
  const entries = groupRoutes(rows);
  const last = q.data?.pages.at(-1);
  const filtered = filters.kind !== '' || filters.token !== '';
  return (
    <section aria-labelledby={`${id}-title`} className="panel p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="font-display text-lg font-extrabold tracking-wide text-white">
          {title}
        </h2>
        {/* Its own line on phones, held before the answer, so its arrival moves nothing. */}
        <span className="min-h-4 basis-full text-xs text-muted sm:basis-auto">
          {last ? <IndexProgress indexed={last.indexedHeight} head={last.headHeight} /> : '\u00a0'}
        </span>
      </div>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-col gap-1 text-xs font-semibold text-muted" htmlFor={`${id}-kind`}>
          Kind
          <select
            id={`${id}-kind`}
            className={selectClass}
            value={filters.kind}
            onChange={(e) => setFilters({ ...filters, kind: parseKind(e.target.value) })}
          >
            <option value="">All kinds</option>
            {ACTIVITY_KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-xs font-semibold text-muted" htmlFor={`${id}-token`}>
          Token
          <select
            id={`${id}-token`}
            className={selectClass}
            value={filters.token}
            onChange={(e) => setFilters({ ...filters, token: e.target.value })}
          >
            <option value="">All tokens</option>
            {/* A token named in the URL before the config arrives stays selectable. */}
            {filters.token && !tokens.some((t) => t.name === filters.token) && <option value={filters.token}>{filters.token}</option>}
            {tokens.map((t) => (
              <option key={t.coinType} value={t.name}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <a href={activityCsvUrl(address, filters)} download className={buttonClasses('secondary', 'sm', 'ml-auto')}>
          Download CSV
        </a>
      </div>
      <div className="min-h-72">
        {q.isError ? (
          <p className="text-sm text-muted" role="alert">
            {q.error instanceof ApiError && q.error.code === 'index_unavailable'
              ? 'Activity comes from the event index, which is not running on this server.'
              : q.error instanceof ApiError && q.error.status === 400
                ? q.error.message
                : 'Activity could not be loaded.'}
          </p>
        ) : q.isPending ? (
          <Spinner label="Loading activity" className="text-neon-cyan" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted">{filtered ? 'Nothing indexed for this account matches these filters.' : emptyText}</p>
        ) : (
          <>
            <ActivityTable rows={entries} />
            <ActivityCards rows={entries} />
          </>
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-xs text-muted">
        <span aria-live="polite">{entries.length > 0 ? `${entries.length} ${entries.length === 1 ? 'row' : 'rows'} shown${q.hasNextPage ? '' : ', the whole list'}` : ''}</span>
        {q.hasNextPage && (
          <button
            type="button"
            className={buttonClasses('secondary', 'sm')}
            onClick={() => void q.fetchNextPage()}
            disabled={q.isFetchingNextPage}
          >
            {q.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        )}
      </div>
    </section>
  );
}
