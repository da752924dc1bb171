import type { HTMLAttributes } from 'react';

export type CardTone = 'default' | 'pink' | 'cyan' | 'gold';

const tones: Record<CardTone, string> = {
  default: 'border-white/10',
  pink: 'border-neon-pink/40 shadow-[0_0_30px_rgb(255_61_200/0.12)]',
  cyan: 'border-neon-cyan/40 shadow-[0_0_30px_rgb(46_230_255/0.12)]',
  gold: 'border-neon-gold/40 shadow-[0_0_30px_rgb(255_201_64/0.12)]',
};

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  tone?: CardTone;
}

export function Card({ tone = 'default', className = '', ...rest }: CardProps) {
  return (
    <div
      className={`rounded-2xl border bg-ink-800/85 p-5 backdrop-blur-sm ${tones[tone]} ${className}`}
      {...rest}
    />
  );
}
