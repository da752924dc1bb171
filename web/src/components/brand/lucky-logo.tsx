/**
 * The LuckyCoin mark: a gold coin with a neon four-leaf clover (public/images/logo.svg, which
 * index.html preloads for the header). An image rather than inline SVG: one cached file instead
 * of drawing code in the pages' JavaScript. Decorative: where it stands, the name is written too.
 */
export function LuckyLogo({ size = 40, className = '' }: { size?: number; className?: string }) {
  return <img src="/images/logo.svg" width={size} height={size} alt="" className={className} />;
}
