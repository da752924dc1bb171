import { lazy, Suspense, type ReactNode } from 'react';
import { ToastContext, useToastState } from '@/components/ui/toast-context';

const ToastStack = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.ToastStack })));

/** The app's toasts: their drawing loads with the first toast, not with the first paint. */
export function ToastShell({ children }: { children: ReactNode }) {
  const { items, dismiss, value } = useToastState('bottom-right');
  return (
    <ToastContext.Provider value={value}>
      {children}
      {items.length > 0 && (
        <Suspense fallback={null}>
          <ToastStack items={items} dismiss={dismiss} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
