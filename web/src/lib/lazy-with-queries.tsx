import { lazy, type ComponentType } from 'react';

/**
 * A component that reads the server, loaded when it first renders together with React Query
 * (lib/query-root.tsx), which the first load of the app does not carry. Render it in a Suspense;
 * its props are handed on.
 */
export function lazyWithQueries<P extends object = object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { QueryRoot }] = await Promise.all([load(), import('@/lib/query-root')]);
    return {
      default: function WithQueries(props: P) {
        return (
          <QueryRoot>
            <Component {...props} />
          </QueryRoot>
        );
      },
    };
  });
}
