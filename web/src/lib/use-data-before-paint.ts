import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';

/**
 * A query's options as `queryOptions(...)` makes them, whatever its key and data (the options of
 * one query are not assignable to another's, so the list is typed by what is read here).
 */
interface PaintQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}
type FetchOptions = Parameters<QueryClient['prefetchQuery']>[0];

/**
 * How long a screen's body waits for its answers before it renders without them (their loading
 * states then stand in, and may move things when the answers come). The API answers in
 * milliseconds; this only bounds a slow or stalled network.
 */
export const PAINT_WAIT_MS = 3_000;

/** A query's wait: the promise, and whether it is over. */
interface Wait {
  promise: Promise<void>;
  done: boolean;
}

const waits = new WeakMap<QueryClient, Map<string, Wait>>();

function waitsOf(client: QueryClient): Map<string, Wait> {
  let byKey = waits.get(client);
  if (!byKey) waits.set(client, (byKey = new Map()));
  return byKey;
}

/** Until the query has its answer, or PAINT_WAIT_MS has passed. */
function startWait(client: QueryClient, query: PaintQuery): Wait {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait: Wait = { promise: Promise.resolve(), done: false };
  wait.promise = Promise.race([
    client.prefetchQuery(query as FetchOptions),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PAINT_WAIT_MS);
    }),
  ]).finally(() => {
    clearTimeout(timer);
    wait.done = true;
  });
  return wait;
}

/** An answer (data or an error) is in the cache. */
function answered(client: QueryClient, query: PaintQuery): boolean {
  const state = client.getQueryState(query.queryKey);
  return !!state && (state.data !== undefined || state.status === 'error');
}

/**
 * Suspends the component (the nearest Suspense shows its fallback) until each query has an
 * answer, data or error, or PAINT_WAIT_MS has passed. For the answers that decide how tall or
 * wide the part of a screen in view is (a list's rows, a token's name on a button): the screen
 * paints once with them instead of painting a loading state that the answer then resizes,
 * which would move what is under it (layout shift). The queries start together; a failure is
 * left in the cache for the component's own error state. Once the component has painted it
 * never waits again.
 */
export function useDataBeforePaint(...queries: PaintQuery[]): void {
  const client = useQueryClient();
  // Only the first paint waits: a query that changes later (another account's) must not swap
  // the screen that is up for the Suspense fallback.
  const painted = useRef(false);
  const joined = queries.map((q) => hashKey(q.queryKey)).join('|');
  useLayoutEffect(() => {
    painted.current = true;
    // Painted: forget the waits, so a later visit, after the cache let the answers go, waits again.
    const byKey = waitsOf(client);
    for (const key of joined.split('|')) byKey.delete(key);
  }, [client, joined]);
  if (painted.current) return;
  const byKey = waitsOf(client);
  const open: Promise<void>[] = [];
  for (const q of queries) {
    const key = hashKey(q.queryKey);
    let wait = byKey.get(key);
    if (!wait) {
      // A wait that timed out stays (done) until the paint, so the render after it does not wait again.
      if (answered(client, q)) continue;
      byKey.set(key, (wait = startWait(client, q)));
    }
    if (!wait.done) open.push(wait.promise);
  }
  // Suspending by throwing the promise, as React Query's own suspense does; every query has
  // started by now, so they load together.
  if (open.length > 0) throw Promise.all(open);
}
