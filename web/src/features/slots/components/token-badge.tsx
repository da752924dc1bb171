/**
 * A token mark drawn locally: the registry's logo files are not all shipped yet, and a missing
 * image would cost a failed request per token. Colour derives from the name.
 */
const palette = ['#ff3dc8', '#2ee6ff', '#ffc940', '#3dff9a', '#a77bff', '#ff8a3d', '#5b8cff', '#ff5a70'];

export function TokenBadge({ name, size = 28 }: { name: string; size?: number }) {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const color = palette[h % palette.length]!;
  const letters = name.replace(/[^A-Za-z0-9]/g, '').slice(0, name.length > 5 ? 2 : 3).toUpperCase() || '?';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="shrink-0">
      <circle cx="16" cy="16" r="15" fill="#0b0820" stroke={color} strokeWidth="2" />
      <circle cx="16" cy="16" r="11.5" fill={color} opacity="0.18" />
      <text
        x="16"
        y="16"
        dominantBaseline="central"
        textAnchor="middle"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontWeight="800"
        fontSize={letters.length > 2 ? 8.5 : 11}
        fill={color}
      >
        {letters}
      </text>
    </svg>
  );
}
