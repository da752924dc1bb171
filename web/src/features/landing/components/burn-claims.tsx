import { Claim } from '@/components/claims/claim';
import { Link } from '@/components/ui/link';
import { SectionHeading } from '@/components/ui/section-heading';
import { paths } from '@/lib/paths';

const ids = ['landing-hero', 'landing-sells', 'landing-watch'] as const;

/**
 * The burn, as the project states it and as the chain measures it: each claim with its figure
 * from the index beside it (lib/claims/claims.ts).
 */
export function BurnClaims() {
  return (
    <section aria-labelledby="burn-claims-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <SectionHeading id="burn-claims-title" kicker="Stated and measured" title="The Burn">
        What the project says about burning, next to what the chain shows.
      </SectionHeading>
      <ul className="grid gap-4 md:grid-cols-3">
        {ids.map((id) => (
          <li key={id} className="rounded-2xl border border-white/10 bg-ink-800/80 p-5 text-sm text-white/85">
            <Claim id={id} className="flex h-full flex-col justify-between gap-2" />
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted">
        Every figure is a sum of the chain&apos;s events, with the address it is read at. See{' '}
        <Link to={`${paths.stats}#where-fees-go`} className="text-neon-cyan underline underline-offset-4">
          where fees go
        </Link>
        .
      </p>
    </section>
  );
}
