import type { ReactNode } from 'react';

export type BadgeTone = 'pink' | 'cyan' | 'gold' | 'green' | 'violet';

const tones: Record<BadgeTone, string> = {
  pink: 'bg-neon-pink/15 text-[#ff8ade] border-neon-pink/40',
  cyan: 'bg-neon-cyan/15 text-neon-cyan border-neon-cyan/40',
  gold: 'bg-neon-gold/15 text-neon-gold border-neon-gold/40',
  green: 'bg-neon-green/15 text-neon-green border-neon-green/40',
  violet: 'bg-neon-violet/15 text-[#c9b0ff] border-neon-violet/40',
};

export function Badge({ tone = 'pink', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
