import { claim, type ClaimId } from '@/lib/claims/claims';

/**
 * A policy claim of the list (lib/claims/claims.ts), as its words: no figure to read, so it
 * loads nothing (the footer, on every page, uses it).
 */
export function PolicyClaim({ id, className }: { id: ClaimId; className?: string }) {
  const c = claim(id);
  if (c.kind !== 'policy') throw new Error(`claim ${id} is measured: render it with <Claim>`);
  return (
    <span data-claim={c.id} data-claim-kind={c.kind} className={className}>
      <span data-testid="claim-text">{c.text}</span>
    </span>
  );
}
