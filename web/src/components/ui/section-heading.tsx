import type { ReactNode } from 'react';

export function SectionHeading({ id, kicker, title, children }: { id?: string; kicker?: string; title: string; children?: ReactNode }) {
  return (
    <div className="mb-8 text-center sm:mb-10">
      {kicker && <p className="mb-2 text-xs font-bold tracking-[0.3em] text-neon-cyan uppercase">{kicker}</p>}
      <h2 id={id} className="font-display text-3xl font-black tracking-tight text-white sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mx-auto mt-3 max-w-2xl text-muted">{children}</p>}
    </div>
  );
}
