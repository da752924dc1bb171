import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

interface PageContentProps {
  children: ReactNode;
  /** Drawn meanwhile instead of the spinner: the screen's own loading state, as tall as what replaces it. */
  fallback?: ReactNode;
}

/**
 * The part of a screen that loads after its heading (a lazy component): a spinner holds a screen's
 * height meanwhile, so the footer stays below the fold and nothing in view moves when it arrives.
 * The content starts loading once the heading has painted, so its downloads and its work come
 * after that paint instead of delaying it.
 */
export function PageContent({ children, fallback }: PageContentProps) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame's callback runs just before the paint; a timeout set from it, just after. A
    // transition: React keeps the spinner up while the content loads, then renders it in slices.
    const frame = requestAnimationFrame(() => setTimeout(() => startTransition(() => setPainted(true))));
    return () => cancelAnimationFrame(frame);
  }, []);
  const spinner = fallback ?? (
    <div className="flex min-h-[60vh] items-center justify-center text-neon-cyan">
      <Spinner size={32} label="Loading" />
    </div>
  );
  return <Suspense fallback={spinner}>{painted ? children : spinner}</Suspense>;
}
