import { Suspense, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

/**
 * The part of a screen that loads after its heading (a lazy component): a spinner holds a screen's
 * height meanwhile, so the footer stays below the fold and nothing in view moves when it arrives.
 */
export function PageContent({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-[60vh] items-center justify-center text-neon-cyan">
          <Spinner size={32} label="Loading" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
