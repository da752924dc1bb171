/** How far behind the node's head the index may be and still be caught up (the server's /readyz
 * uses the same: one indexer window). */
export const CAUGHT_UP_LAG = 10n;

/** Per mille of head the index holds (0..1000), exact on the decimal height strings the API sends;
 * null when either is not a whole number. */
export function indexedPerMille(indexed: string, head: string): number | null {
  if (!/^\d+$/.test(indexed) || !/^\d+$/.test(head)) return null;
  const i = BigInt(indexed);
  const h = BigInt(head);
  if (h === 0n || i >= h) return 1000;
  return Number((i * 1000n) / h);
}

/** Whether the index is catching up: more than CAUGHT_UP_LAG blocks behind the head. */
export function catchingUp(indexed: string, head: string): boolean {
  if (!/^\d+$/.test(indexed) || !/^\d+$/.test(head)) return false;
  return BigInt(head) - BigInt(indexed) > CAUGHT_UP_LAG;
}

/** "Indexed to block X of Y", with a small inline progress bar while the index catches up (on one
 * line, so its coming and going moves nothing). */
export function IndexProgress({ indexed, head }: { indexed: string; head: string }) {
  const behind = catchingUp(indexed, head);
  const perMille = indexedPerMille(indexed, head) ?? 0;
  return (
    <span className="inline-flex items-center gap-2" data-testid="index-progress">
      <span>
        {behind ? 'Catching up: indexed' : 'Indexed'} to block {indexed} of {head}
      </span>
      {behind && (
        <span
          role="progressbar"
          aria-label="Event index progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.floor(perMille / 10)}
          aria-valuetext={`${(perMille / 10).toFixed(1)} %`}
          className="inline-block h-1.5 w-20 overflow-hidden rounded-full bg-white/10 align-middle"
        >
          <span className="block h-full rounded-full bg-neon-cyan" style={{ width: `${perMille / 10}%` }} />
        </span>
      )}
    </span>
  );
}
