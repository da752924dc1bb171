import { lazy, type ComponentType } from 'react';

/**
 * A component that reads the server, loaded when it first renders together with React Query
 * (lib/query-root.tsx), which the first load of the app does not carry. Render it in a Suspense.
 */
export function lazyWithQueries(load: () => Promise<ComponentType>) {
  return lazy(async () => {
    const [Component, { QueryRoot }] = await Promise.all([load(), import('@/lib/query-root')]);
    return {
      default: function WithQueries() {
        return (
          <QueryRoot>
            <Component />
          </QueryRoot>
        );
      },
    };
  });
}
