import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAINT_WAIT_MS, useDataBeforePaint } from './use-data-before-paint';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function setup(queryFn: () => Promise<string[]>) {
  const query = queryOptions({ queryKey: ['rows'], queryFn, retry: false });
  const renders: string[] = [];
  function Body() {
    useDataBeforePaint(query);
    const q = useQuery(query);
    const shown = q.isPending ? 'loading' : q.isError ? 'error' : q.data.join(',');
    renders.push(shown);
    return <p data-testid="body">{shown}</p>;
  }
  const client = new QueryClient();
  // Awaited: React retries a suspended render only from an awaited act.
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <Suspense fallback={<p>fallback</p>}>
          <Body />
        </Suspense>
      </QueryClientProvider>,
    );
  });
  return { renders, client };
}

describe('useDataBeforePaint', () => {
  afterEach(() => vi.useRealTimers());

  it('paints the body once, with the answer, never its loading state', async () => {
    const d = deferred<string[]>();
    const { renders } = await setup(() => d.promise);
    expect(screen.getByText('fallback')).toBeInTheDocument();
    await act(async () => d.resolve(['a', 'b']));
    expect(await screen.findByTestId('body')).toHaveTextContent('a,b');
    expect(renders).not.toContain('loading');
  });

  it('paints the body when the query fails, which then shows its error', async () => {
    const d = deferred<string[]>();
    await setup(() => d.promise);
    expect(screen.getByText('fallback')).toBeInTheDocument();
    // On mount React Query asks a failed query once more (retryOnMount); it fails again.
    await act(async () => d.reject(new Error('down')));
    expect(await screen.findByTestId('body')).toHaveTextContent('error');
  });

  it('paints without the answer after PAINT_WAIT_MS, and does not wait again', async () => {
    vi.useFakeTimers();
    const d = deferred<string[]>();
    await setup(() => d.promise);
    expect(screen.getByText('fallback')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS);
    });
    expect(screen.getByTestId('body')).toHaveTextContent('loading');
    await act(async () => {
      d.resolve(['late']);
      // React Query hands its updates to React on a timer.
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByTestId('body')).toHaveTextContent('late');
    expect(screen.queryByText('fallback')).not.toBeInTheDocument();
  });

  it('does not wait for an answer already in the cache', () => {
    const query = queryOptions({ queryKey: ['cached'], queryFn: () => Promise.resolve('fresh') });
    const client = new QueryClient();
    client.setQueryData(query.queryKey, 'cached');
    function Body() {
      useDataBeforePaint(query);
      return <p data-testid="body">{useQuery(query).data}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <Suspense fallback={<p>fallback</p>}>
          <Body />
        </Suspense>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('body')).toHaveTextContent('cached');
  });
});
