/** The tier label sets the colour gradient (docs/product.md, Cosmic Miners). */
export const levelStyles: Record<string, { text: string; ring: string; bar: string }> = {
  Common: { text: 'text-neon-cyan', ring: 'border-neon-cyan/40', bar: 'from-neon-cyan/30 to-transparent' },
  Rare: { text: 'text-neon-violet', ring: 'border-neon-violet/50', bar: 'from-neon-violet/35 to-transparent' },
  Legendary: { text: 'text-neon-gold', ring: 'border-neon-gold/50', bar: 'from-neon-gold/35 to-transparent' },
};

export function levelStyle(level: string) {
  return levelStyles[level] ?? levelStyles.Common!;
}
