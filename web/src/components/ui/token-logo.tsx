import { useEffect, useState } from 'react';

export const DEFAULT_TOKEN_LOGO = '/images/tokens/default.svg';

export interface TokenLogoProps {
  src?: string | null;
  /** Token name, used for the alt text. */
  name: string;
  size?: number;
  /** Image used when `src` is missing or fails to load. */
  fallbackSrc?: string;
  className?: string;
}

/** A round token logo that falls back to a default image when the logo is missing or broken. */
export function TokenLogo({ src, name, size = 32, fallbackSrc = DEFAULT_TOKEN_LOGO, className = '' }: TokenLogoProps) {
  const [current, setCurrent] = useState(src || fallbackSrc);
  useEffect(() => setCurrent(src || fallbackSrc), [src, fallbackSrc]);
  return (
    <img
      src={current}
      alt={`${name} logo`}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={`shrink-0 rounded-full bg-ink-700 object-cover ${className}`}
      onError={() => {
        if (current !== fallbackSrc) setCurrent(fallbackSrc);
      }}
    />
  );
}
