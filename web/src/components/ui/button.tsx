import { forwardRef, type ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'gold' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-bold tracking-wide transition ' +
  'duration-150 select-none whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-50 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-gradient-to-r from-neon-pink to-neon-violet text-ink-950 shadow-[0_0_24px_rgb(255_61_200/0.35)] ' +
    'hover:brightness-110 hover:shadow-[0_0_32px_rgb(255_61_200/0.55)] active:brightness-95',
  gold:
    'bg-gradient-to-r from-neon-gold to-[#ff9f1c] text-ink-950 shadow-[0_0_24px_rgb(255_201_64/0.35)] ' +
    'hover:brightness-110 hover:shadow-[0_0_32px_rgb(255_201_64/0.55)] active:brightness-95',
  secondary:
    'border border-neon-cyan/70 bg-neon-cyan/10 text-neon-cyan hover:bg-neon-cyan/20 ' +
    'hover:shadow-[0_0_24px_rgb(46_230_255/0.35)]',
  ghost: 'text-white/90 hover:bg-white/10',
  danger: 'bg-red-500 text-white hover:bg-red-400',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-13 px-7 text-base',
};

/** Classes for anything that should look like a button (links included). */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return [base, variants[variant], sizes[size], extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className = '', type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...rest} />;
});
