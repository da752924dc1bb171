const colors = ['#ff3dc8', '#2ee6ff', '#ffc940', '#a77bff'];

/** Deterministic pseudo-random positions so the layout never shifts between renders. */
function dot(i: number) {
  const r = (n: number) => {
    const x = Math.sin(i * 12.9898 + n * 78.233) * 43758.5453;
    return x - Math.floor(x);
  };
  return {
    left: `${(r(1) * 100).toFixed(2)}%`,
    top: `${(r(2) * 100).toFixed(2)}%`,
    size: 3 + Math.round(r(3) * 5),
    delay: `${(r(4) * -9).toFixed(2)}s`,
    duration: `${(7 + r(5) * 6).toFixed(2)}s`,
    color: colors[i % colors.length]!,
  };
}

/** Decorative floating dots behind the bots page. Hidden from assistive tech; still when reduced motion is asked. */
export function FloatingDots({ count = 40 }: { count?: number }) {
  return (
    <div aria-hidden="true" data-testid="floating-dots" className="pointer-events-none absolute inset-0">
      {Array.from({ length: count }, (_, i) => {
        const d = dot(i);
        return (
          <span
            key={i}
            className="absolute rounded-full motion-safe:animate-float"
            style={{
              left: d.left,
              top: d.top,
              width: d.size,
              height: d.size,
              background: d.color,
              boxShadow: `0 0 ${d.size * 3}px ${d.color}`,
              opacity: 0.5,
              animationDelay: d.delay,
              animationDuration: d.duration,
            }}
          />
        );
      })}
    </div>
  );
}
