import { FruitSymbolIcon } from '@/features/slots/components/fruit-symbol';
import { symbolsEmoji } from '@/features/slots/utils/tiers';
import { type FruitSymbol } from '@/lib/slots/paytable';

/**
 * The win message "{tier name}! {symbols} = {amount} {token name}". The symbols are drawn with the
 * reel art (emoji fonts are missing on many systems) while the text keeps the emoji for copy and
 * assistive technology.
 */
export function WinToast({ text, symbols, tone = 'win' }: { text: string; symbols: readonly FruitSymbol[]; tone?: 'win' | 'partial' }) {
  const emoji = symbolsEmoji(symbols);
  const at = text.indexOf(emoji);
  if (at < 0) return <span>{text}</span>;
  return (
    <span className="font-semibold">
      {text.slice(0, at)}
      <span aria-hidden="true" className="inline-flex translate-y-1 align-baseline">
        {symbols.map((s, i) => (
          <FruitSymbolIcon key={i} symbol={s} size={20} />
        ))}
      </span>
      <span className="sr-only">{emoji}</span>
      <span className={tone === 'win' ? 'text-neon-gold' : 'text-neon-cyan'}>{text.slice(at + emoji.length)}</span>
    </span>
  );
}
