import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import {
  DEFAULT_TOAST_MS,
  ToastContext,
  useToastState,
  type ToastItem,
  type ToastPosition,
  type ToastType,
} from '@/components/ui/toast-context';

const typeStyles: Record<ToastType, string> = {
  success: 'border-neon-green/60 shadow-[0_0_24px_rgb(61_255_154/0.25)]',
  error: 'border-red-400/70 shadow-[0_0_24px_rgb(248_113_113/0.25)]',
  info: 'border-neon-cyan/60 shadow-[0_0_24px_rgb(46_230_255/0.2)]',
  win: 'border-neon-gold/70 shadow-[0_0_30px_rgb(255_201_64/0.35)]',
  lose: 'border-white/25',
};

const dotStyles: Record<ToastType, string> = {
  success: 'bg-neon-green',
  error: 'bg-red-400',
  info: 'bg-neon-cyan',
  win: 'bg-neon-gold',
  lose: 'bg-white/60',
};

export const positionStyles: Record<ToastPosition, string> = {
  'top-right': 'top-20 right-4 items-end',
  'top-left': 'top-20 left-4 items-start',
  'bottom-right': 'bottom-4 right-4 items-end',
  'bottom-left': 'bottom-4 left-4 items-start',
  'top-center': 'top-20 left-1/2 -translate-x-1/2 items-center',
  'bottom-center': 'bottom-4 left-1/2 -translate-x-1/2 items-center',
};

export interface ToastProps {
  message: ReactNode;
  type?: ToastType;
  /** Auto-dismiss delay in ms (default 5000). 0 keeps it until closed. */
  duration?: number;
  onDismiss: () => void;
}

/** One toast. Calls onDismiss after `duration` ms or when its close button is pressed. */
export function Toast({ message, type = 'info', duration = DEFAULT_TOAST_MS, onDismiss }: ToastProps) {
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  useEffect(() => {
    if (duration <= 0) return;
    const t = setTimeout(() => dismissRef.current(), duration);
    return () => clearTimeout(t);
  }, [duration]);
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-ink-800/95 px-4 py-3 text-sm text-white backdrop-blur animate-pop-in ${typeStyles[type]}`}
    >
      <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${dotStyles[type]}`} />
      <div className="min-w-0 flex-1 break-words">{message}</div>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => dismissRef.current()}
        className="-m-1 inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-white/70 hover:bg-white/10 hover:text-white"
      >
        <CloseIcon size={14} />
      </button>
    </div>
  );
}

/** The toasts, one stack per position (live regions, so screen readers announce them). */
export function ToastStack({ items, dismiss }: { items: ToastItem[]; dismiss: (id: number) => void }) {
  const positions = Array.from(new Set(items.map((t) => t.position)));
  return positions.map((pos) => (
    <div
      key={pos}
      aria-live="polite"
      className={`pointer-events-none fixed z-[60] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2 ${positionStyles[pos]}`}
    >
      {items
        .filter((t) => t.position === pos)
        .map((t) => (
          <Toast key={t.id} message={t.message} type={t.type} duration={t.duration} onDismiss={() => dismiss(t.id)} />
        ))}
    </div>
  ));
}

/** Holds the toasts of what it wraps and draws them (the app's own shell loads the drawing lazily: app/toast-shell.tsx). */
export function ToastProvider({
  children,
  defaultPosition = 'bottom-right',
}: {
  children: ReactNode;
  defaultPosition?: ToastPosition;
}) {
  const { items, dismiss, value } = useToastState(defaultPosition);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastStack items={items} dismiss={dismiss} />
    </ToastContext.Provider>
  );
}
