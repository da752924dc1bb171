import { useId } from 'react';

/** The LuckyCoin mark: a gold coin with a neon four-leaf clover. */
export function LuckyLogo({ size = 40, className = '' }: { size?: number; className?: string }) {
  const id = useId().replace(/:/g, '');
  const leaf = 'M0 0C-2-2.6-8.5-5.5-8.5-10.3-8.5-14.2-3.8-15.4 0-11.6 3.8-15.4 8.5-14.2 8.5-10.3 8.5-5.5 2-2.6 0 0Z';
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`rim${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff1a8" />
          <stop offset="0.45" stopColor="#ffc940" />
          <stop offset="1" stopColor="#e07b00" />
        </linearGradient>
        <radialGradient id={`face${id}`} cx="0.4" cy="0.35" r="0.75">
          <stop offset="0" stopColor="#2a2166" />
          <stop offset="1" stopColor="#0b0820" />
        </radialGradient>
        <linearGradient id={`leaf${id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#7dffc0" />
          <stop offset="1" stopColor="#19c96f" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="30" fill={`url(#rim${id})`} />
      <circle cx="32" cy="32" r="24.5" fill={`url(#face${id})`} />
      <circle cx="32" cy="32" r="24.5" fill="none" stroke="#ff3dc8" strokeOpacity="0.7" strokeWidth="1.2" />
      <g transform="translate(32 31)" fill={`url(#leaf${id})`} stroke="#0b0820" strokeWidth="0.8">
        <path d={leaf} transform="rotate(45)" />
        <path d={leaf} transform="rotate(135)" />
        <path d={leaf} transform="rotate(225)" />
        <path d={leaf} transform="rotate(315)" />
        <circle r="2.2" fill="#ffc940" stroke="none" />
      </g>
      <path d="M32 33c1.5 5 4 8.5 7.5 11" stroke="#3dff9a" strokeWidth="2.2" strokeLinecap="round" fill="none" />
    </svg>
  );
}
