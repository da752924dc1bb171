import { Button } from '@/components/ui/button';

/** Page buttons: Previous, one button per page, Next. */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  return (
    <nav aria-label="Token index pages" className="mt-5 flex flex-wrap items-center justify-center gap-2">
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
        <button
          key={p}
          type="button"
          onClick={() => onPage(p)}
          aria-current={p === page ? 'page' : undefined}
          aria-label={`Page ${p}`}
          className={`h-9 min-w-9 rounded-lg px-3 font-mono text-sm font-bold transition ${
            p === page
              ? 'bg-gradient-to-r from-neon-pink to-neon-violet text-ink-950'
              : 'border border-white/15 text-white hover:bg-white/10'
          }`}
        >
          {p}
        </button>
      ))}
      <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
      <span className="sr-only" aria-live="polite">
        Page {page} of {pages}
      </span>
    </nav>
  );
}
