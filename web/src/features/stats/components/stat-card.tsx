import type { ReactNode } from 'react';
import { ExplorerAnchor } from '@/components/ui/chain-link';
import { Spinner } from '@/components/ui/spinner';
import type { ExplorerLink } from '@/lib/links';

export type StatTone = 'cyan' | 'pink' | 'gold' | 'green' | 'violet';

const tones: Record<StatTone, { border: string; dot: string }> = {
  cyan: { border: 'border-neon-cyan/30 hover:border-neon-cyan/60', dot: 'bg-neon-cyan' },
  pink: { border: 'border-neon-pink/30 hover:border-neon-pink/60', dot: 'bg-neon-pink' },
  gold: { border: 'border-neon-gold/30 hover:border-neon-gold/60', dot: 'bg-neon-gold' },
  green: { border: 'border-neon-green/30 hover:border-neon-green/60', dot: 'bg-neon-green' },
  violet: { border: 'border-neon-violet/30 hover:border-neon-violet/60', dot: 'bg-neon-violet' },
};

export interface StatCardProps {
  title: string;
  /** The figure; undefined while loading. */
  value: ReactNode | undefined;
  description: ReactNode;
  /** A second, smaller line under the value (e.g. the exact amount). */
  detail?: ReactNode;
  /** Keeps the detail line's height while there is none yet, so its arrival moves nothing. */
  reserveDetail?: boolean;
  tone?: StatTone;
  /** Makes the whole card a link: an in-app page, or an external explorer in a new tab. */
  link?: ExplorerLink | null;
  /** Smaller figure, for long values in narrow columns. */
  compact?: boolean;
  testId: string;
}

/** One dashboard figure (docs/product.md, Token Analytics). */
export function StatCard({ title, value, description, detail, reserveDetail = false, tone = 'cyan', link, compact = false, testId }: StatCardProps) {
  const t = tones[tone];
  const body = (
    <>
      <div className="mb-3 flex items-center gap-2">
        <span aria-hidden="true" className={`h-2 w-2 rounded-full ${t.dot}`} />
        <h3 className="text-xs font-bold tracking-[0.16em] text-muted uppercase">{title}</h3>
        {link && (
          <span aria-hidden="true" className="ml-auto text-xs text-neon-cyan">
            {link.internal ? '→' : '↗'}
          </span>
        )}
      </div>
      <p
        className={`font-mono font-extrabold break-words text-white ${compact ? 'text-lg leading-snug' : 'text-2xl'}`}
        data-testid={`${testId}-value`}
      >
        {value === undefined ? <Spinner size={22} label={`Loading ${title}`} className="text-neon-cyan" /> : value}
      </p>
      {(detail || reserveDetail) && <p className="mt-1 min-h-4 font-mono text-xs break-words text-muted">{detail || '\u00a0'}</p>}
      <p className="mt-3 text-sm text-muted">{description}</p>
    </>
  );
  const cls = `block h-full rounded-2xl border bg-ink-800/85 p-5 transition ${t.border}`;
  return link ? (
    <ExplorerAnchor link={link} className={`${cls} focus-visible:outline-3 focus-visible:outline-neon-cyan`} testId={testId}>
      {body}
    </ExplorerAnchor>
  ) : (
    <div className={cls} data-testid={testId}>
      {body}
    </div>
  );
}
