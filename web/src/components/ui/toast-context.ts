import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

// The toasts' state and the show / dismiss every screen calls. Drawing them is toast.tsx, which
// the app loads with its first toast: the first load carries only this.

export type ToastType = 'success' | 'error' | 'info' | 'win' | 'lose';
export type ToastPosition = 'top-right' | 'top-left' | 'bottom-right' | 'bottom-left' | 'top-center' | 'bottom-center';

export const DEFAULT_TOAST_MS = 5000;

export interface ToastOptions {
  type?: ToastType;
  duration?: number;
  position?: ToastPosition;
  /** Replace a toast with the same text still on screen instead of stacking a copy of it. */
  once?: boolean;
}

export interface ToastItem extends Required<Omit<ToastOptions, 'position' | 'once'>> {
  id: number;
  message: ReactNode;
  position: ToastPosition;
}

interface ToastContextValue {
  show: (message: ReactNode, opts?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

export const ToastContext = createContext<ToastContextValue | null>(null);

/** The toasts on screen, and the context value that adds and removes them. */
export function useToastState(defaultPosition: ToastPosition) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setItems((xs) => xs.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (message: ReactNode, opts: ToastOptions = {}) => {
      const id = nextId.current++;
      setItems((xs) => [
        ...(opts.once ? xs.filter((t) => t.message !== message) : xs),
        {
          id,
          message,
          type: opts.type ?? 'info',
          duration: opts.duration ?? DEFAULT_TOAST_MS,
          position: opts.position ?? defaultPosition,
        },
      ]);
      return id;
    },
    [defaultPosition],
  );
  const value = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return { items, dismiss, value };
}

export function useToast(): ToastContextValue {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
