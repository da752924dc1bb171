import { memo, useId } from 'react';
import { SYMBOL_LABEL } from '@/features/slots/utils/tiers';
import { type FruitSymbol } from '@/lib/slots/paytable';

/** Hand-drawn SVG reel symbols (viewBox 0 0 64 64). Decorative unless `title` is given. */
/**
 * `size` in px, or 'fluid' to fill the parent's width (reels). Memoised: the screen re-renders on
 * every poll (pots, feed, balances) and a symbol's SVG only changes with its props.
 */
export const FruitSymbolIcon = memo(function FruitSymbolIcon({
  symbol,
  size = 64,
  title,
}: {
  symbol: FruitSymbol;
  size?: number | 'fluid';
  title?: boolean;
}) {
  const id = useId().replace(/:/g, '');
  return (
    <svg
      width={size === 'fluid' ? undefined : size}
      height={size === 'fluid' ? undefined : size}
      className={size === 'fluid' ? 'block h-auto w-full' : undefined}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-label={title ? SYMBOL_LABEL[symbol] : undefined}
      aria-hidden={title ? undefined : true}
      focusable="false"
      data-symbol={symbol}
    >
      {symbol === 'cherry' && <Cherry id={id} />}
      {symbol === 'lemon' && <Lemon id={id} />}
      {symbol === 'watermelon' && <Watermelon id={id} />}
      {symbol === 'strawberry' && <Strawberry id={id} />}
      {symbol === 'banana' && <Banana id={id} />}
      {symbol === 'seven' && <Seven id={id} />}
    </svg>
  );
});

function Cherry({ id }: { id: string }) {
  return (
    <>
      <defs>
        <radialGradient id={`${id}c`} cx="0.35" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#ff8a9a" />
          <stop offset="0.45" stopColor="#e8102e" />
          <stop offset="1" stopColor="#7a0014" />
        </radialGradient>
      </defs>
      <path d="M22 40 C24 26 30 16 40 9" stroke="#3f8f2a" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M44 38 C43 26 42 17 40 9" stroke="#3f8f2a" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M40 9 C46 4 55 6 58 12 C50 14 45 13 40 9 Z" fill="#5cc23a" stroke="#2e7a1e" strokeWidth="1.5" />
      <circle cx="21" cy="45" r="12" fill={`url(#${id}c)`} />
      <circle cx="44" cy="44" r="12" fill={`url(#${id}c)`} />
      <ellipse cx="17" cy="40" rx="3.5" ry="2.2" fill="#fff" opacity="0.7" />
      <ellipse cx="40" cy="39" rx="3.5" ry="2.2" fill="#fff" opacity="0.7" />
    </>
  );
}

function Lemon({ id }: { id: string }) {
  return (
    <>
      <defs>
        <radialGradient id={`${id}l`} cx="0.38" cy="0.35" r="0.75">
          <stop offset="0" stopColor="#fff7a8" />
          <stop offset="0.5" stopColor="#ffd81f" />
          <stop offset="1" stopColor="#c99400" />
        </radialGradient>
      </defs>
      <path
        d="M6 34 C8 30 11 28 13 27 C18 16 32 12 44 16 C50 18 54 22 56 26 C58 27 60 30 58 34 C56 36 54 37 53 38 C47 50 30 54 19 48 C15 46 12 43 11 41 C8 40 5 37 6 34 Z"
        fill={`url(#${id}l)`}
        stroke="#a77a00"
        strokeWidth="1.5"
      />
      <path d="M20 25 C26 20 34 19 40 21" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" fill="none" opacity="0.65" />
      <path d="M44 14 C47 9 52 8 55 9 C53 13 49 15 44 14 Z" fill="#5cc23a" />
    </>
  );
}

function Watermelon({ id }: { id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}w`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff5a70" />
          <stop offset="1" stopColor="#d8143a" />
        </linearGradient>
      </defs>
      <path d="M4 22 H60 A28 28 0 0 1 4 22 Z" fill="#1f8a3a" />
      <path d="M8 22 H56 A24 24 0 0 1 8 22 Z" fill="#c9f5a8" />
      <path d="M11 22 H53 A21 21 0 0 1 11 22 Z" fill={`url(#${id}w)`} />
      {[
        [20, 29],
        [28, 34],
        [36, 34],
        [44, 29],
        [32, 40],
        [24, 27],
        [40, 27],
      ].map(([x, y]) => (
        <ellipse key={`${x}-${y}`} cx={x} cy={y} rx="1.6" ry="2.6" fill="#2a0a10" />
      ))}
      <path d="M14 24 H30" stroke="#fff" strokeWidth="2" strokeLinecap="round" opacity="0.45" />
    </>
  );
}

function Strawberry({ id }: { id: string }) {
  return (
    <>
      <defs>
        <radialGradient id={`${id}s`} cx="0.4" cy="0.3" r="0.8">
          <stop offset="0" stopColor="#ff7b8a" />
          <stop offset="0.5" stopColor="#f0203f" />
          <stop offset="1" stopColor="#8c0a22" />
        </radialGradient>
      </defs>
      <path d="M32 60 C18 52 8 38 10 26 C12 18 20 16 32 18 C44 16 52 18 54 26 C56 38 46 52 32 60 Z" fill={`url(#${id}s)`} />
      {[
        [22, 28],
        [32, 26],
        [42, 28],
        [18, 37],
        [27, 36],
        [37, 36],
        [46, 37],
        [24, 45],
        [32, 46],
        [40, 45],
        [32, 54],
      ].map(([x, y]) => (
        <ellipse key={`${x}-${y}`} cx={x} cy={y} rx="1.3" ry="2" fill="#ffe27a" />
      ))}
      <path d="M20 16 L26 20 L32 12 L38 20 L44 16 L42 24 L32 22 L22 24 Z" fill="#3fae2a" stroke="#23721a" strokeWidth="1.2" />
      <path d="M32 12 V5" stroke="#23721a" strokeWidth="3" strokeLinecap="round" />
    </>
  );
}

function Banana({ id }: { id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}b`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff5a8" />
          <stop offset="0.55" stopColor="#ffd52a" />
          <stop offset="1" stopColor="#e0a100" />
        </linearGradient>
      </defs>
      {/* back banana */}
      <path
        d="M14 20 C10 34 18 50 36 54 C46 56 54 52 58 46 C50 49 40 48 32 42 C24 36 19 28 18 18 Z"
        fill="#f2b705"
        stroke="#9c6a00"
        strokeWidth="1.5"
      />
      {/* front banana */}
      <path
        d="M10 14 C6 32 16 50 34 56 C44 59 52 56 56 50 C46 52 36 48 28 40 C20 32 16 24 15 13 Z"
        fill={`url(#${id}b)`}
        stroke="#9c6a00"
        strokeWidth="1.5"
      />
      <path d="M14 22 C16 34 24 44 36 50" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" opacity="0.55" />
      <path d="M9 15 L10 8 L16 8 L15 14 Z" fill="#6b4a12" />
      <path d="M15 13 L16 8 L20 9 L18 17 Z" fill="#5a3d0e" />
      <circle cx="56" cy="50" r="1.8" fill="#4a3210" />
    </>
  );
}

function Seven({ id }: { id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}7`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff6b8a" />
          <stop offset="0.55" stopColor="#ff1f4b" />
          <stop offset="1" stopColor="#a3001f" />
        </linearGradient>
      </defs>
      <path
        d="M12 8 H54 V18 C44 28 36 42 33 58 H19 C22 42 30 28 39 19 H24 V24 H12 Z"
        fill={`url(#${id}7)`}
        stroke="#ffc940"
        strokeWidth="3.5"
        strokeLinejoin="round"
      />
      <path d="M16 12 H50" stroke="#fff" strokeWidth="2" strokeLinecap="round" opacity="0.5" />
    </>
  );
}
