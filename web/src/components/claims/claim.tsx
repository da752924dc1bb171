import { Suspense } from 'react';
import { PolicyClaim } from '@/components/claims/policy-claim';
import { claim, type ClaimId } from '@/lib/claims/claims';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

// The figure reads the server: it loads with React Query when a measured claim first renders.
const ClaimFigure = lazyWithQueries(() => import('@/components/claims/claim-figure').then((m) => m.ClaimFigure));

/**
 * One claim of the list (lib/claims/claims.ts) as a page states it: a policy claim as its
 * words, a measured one with the index's figure beside it and the address it is read at.
 */
export function Claim({ id, className, figureClassName }: { id: ClaimId; className?: string; figureClassName?: string }) {
  const c = claim(id);
  if (c.kind === 'policy') return <PolicyClaim id={id} className={className} />;
  return (
    <span data-claim={c.id} data-claim-kind={c.kind} className={className}>
      <span data-testid="claim-text">{c.text}</span>
      <Suspense fallback={<span className="mt-1.5 block text-xs text-muted">{c.label}, measured: …</span>}>
        <ClaimFigure claim={c} className={figureClassName} />
      </Suspense>
    </span>
  );
}
