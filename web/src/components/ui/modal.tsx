import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '@/components/ui/icons';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), ' +
  'select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('disabled') && el.getAttribute('aria-hidden') !== 'true',
  );
}

export type ModalSize = 'sm' | 'md' | 'lg' | 'full';

const sizes: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-3xl',
  full: 'max-w-5xl min-h-[calc(100dvh-2rem)] sm:min-h-0',
};

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Title rendered as the dialog's heading; the dialog is labelled by it. */
  title: ReactNode;
  children: ReactNode;
  /** Actions row under the content (e.g. a Close button). */
  footer?: ReactNode;
  size?: ModalSize;
  /** Show the X icon button in the corner (default true). */
  showCloseIcon?: boolean;
  closeIconLabel?: string;
  /** Extra content left of the title (e.g. a logo). */
  headerStart?: ReactNode;
  className?: string;
}

/**
 * Accessible dialog: aria-modal, labelled by its title, focus moves inside and is trapped,
 * Escape and a click on the backdrop close it, focus returns to the opener on close.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  showCloseIcon = true,
  closeIconLabel = 'Close dialog',
  headerStart,
  className = '',
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Move focus in on open, restore it on close; lock page scroll while open.
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel) {
      // A field marked data-autofocus (a picker's search box) gets focus before the close button.
      const first = panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(panel)[0];
      (first ?? panel).focus();
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (previous && typeof previous.focus === 'function' && previous.isConnected) previous.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !panelRef.current) return;
    const items = focusables(panelRef.current);
    if (items.length === 0) {
      e.preventDefault();
      panelRef.current.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === panelRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-ink-950/80 p-4 backdrop-blur-sm animate-fade-in"
      data-testid="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onCloseRef.current();
      }}
      onKeyDown={onKeyDown}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative my-auto w-full ${sizes[size]} rounded-2xl border border-neon-pink/40 bg-ink-800 p-6 shadow-[0_0_60px_rgb(255_61_200/0.25)] animate-pop-in focus:outline-none ${className}`}
      >
        <div className="mb-4 flex items-start gap-3 pr-10">
          {headerStart}
          <h2 id={titleId} className="font-display text-xl font-extrabold tracking-wide text-white sm:text-2xl">
            {title}
          </h2>
        </div>
        {showCloseIcon && (
          <button
            type="button"
            aria-label={closeIconLabel}
            onClick={() => onCloseRef.current()}
            className="absolute top-4 right-4 inline-flex h-9 w-9 items-center justify-center rounded-lg text-white/80 hover:bg-white/10 hover:text-white"
          >
            <CloseIcon />
          </button>
        )}
        <div className="text-muted">{children}</div>
        {footer && <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
