import type { ReactNode } from 'react';

/** One labelled figure: a term and its value (a description list row). */
export function Stat({ label, value, testId, hint }: { label: string; value: ReactNode; testId: string; hint?: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-white/10 bg-ink-900/60 p-4">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd data-testid={testId} className="mt-1 font-display text-base font-extrabold break-words text-white tabular-nums sm:text-lg xl:text-xl">
        {value}
      </dd>
      {hint && <dd className="mt-1 text-xs text-muted">{hint}</dd>}
    </div>
  );
}
