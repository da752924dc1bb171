/** The quiet zone around a QR code, in modules (the standard's 4). */
const QUIET = 4;

/**
 * A QR code drawn from the modules the server encoded (GET /burns/{hash} → qr): the same code
 * the certificate image carries. One SVG path of unit squares, dark on white with the quiet zone,
 * crisp at any size.
 */
export function QrCode({ modules, label, className = '' }: { modules: string[]; label: string; className?: string }) {
  const size = modules.length;
  let d = '';
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === '1') d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
  });
  const side = size + 2 * QUIET;
  return (
    <svg
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className={`block aspect-square rounded-lg bg-white ${className}`}
      data-testid="certificate-qr"
      data-modules={size}
    >
      <path d={d} fill="#120a08" />
    </svg>
  );
}
