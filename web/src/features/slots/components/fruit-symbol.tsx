import { SYMBOL_LABEL } from '@/features/slots/utils/tiers';
import { type FruitSymbol } from '@/lib/slots/paytable';

/**
 * A reel symbol: hand-drawn SVGs (viewBox 0 0 64 64) in public/images/symbols, as image files
 * rather than markup in the page's scripts: the browser fetches the six once and caches them,
 * and the slot screen's code stays small. Decorative unless `title` is given. `size` in px, or
 * 'fluid' to fill the parent's width (reels).
 */
export function FruitSymbolIcon({ symbol, size = 64, title }: { symbol: FruitSymbol; size?: number | 'fluid'; title?: boolean }) {
  return (
    <img
      src={`/images/symbols/${symbol}.svg`}
      alt={title ? SYMBOL_LABEL[symbol] : ''}
      width={size === 'fluid' ? 64 : size}
      height={size === 'fluid' ? 64 : size}
      className={size === 'fluid' ? 'block h-auto w-full' : 'inline-block'}
      draggable={false}
      data-symbol={symbol}
    />
  );
}
