import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

export interface PageFrameProps {
  title: string;
  /** Overrides the document title (defaults to `title`). */
  documentTitle?: string;
  subtitle?: ReactNode;
  eyebrow?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** The standard page wrapper: centred width, a neon page heading, and the document title. */
export function PageFrame({ title, documentTitle, subtitle, eyebrow, children, className = '' }: PageFrameProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className={`mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 ${className}`}>
      <header className="mb-10 text-center">
        {eyebrow && <div className="mb-3 flex justify-center gap-2">{eyebrow}</div>}
        <h1 className="font-display text-4xl font-black tracking-tight text-gradient sm:text-5xl">{title}</h1>
        {subtitle && <p className="mx-auto mt-4 max-w-2xl text-base text-muted sm:text-lg">{subtitle}</p>}
      </header>
      {children}
    </div>
  );
}

/** Placeholder body for screens whose features arrive in a later issue. */
export function EmptyFrame({ children }: { children?: ReactNode }) {
  return (
    <section
      aria-label="Coming in a later release"
      className="mx-auto flex min-h-64 max-w-3xl flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-neon-violet/40 bg-ink-800/50 p-8 text-center text-muted"
    >
      {children ?? <p>This screen is being built. Check back soon.</p>}
    </section>
  );
}
