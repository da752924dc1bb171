import { useState } from 'react';

/** An image that falls back to `fallback` once when its source fails (docs/product.md, Cosmic Miners). */
export function GameImage({ src, fallback, alt, size }: { src: string; fallback: string; alt: string; size: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? fallback : src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
      className="shrink-0 rounded-xl object-cover"
      style={{ width: size, height: size }}
    />
  );
}
