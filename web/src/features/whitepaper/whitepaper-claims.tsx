import { Claim } from '@/components/claims/claim';
import { PolicyClaim } from '@/components/claims/policy-claim';

/** The burn mechanism as the project states it and as the chain measures it. */
export function BurnClaims() {
  return (
    <>
      <p>
        <PolicyClaim id="whitepaper-deflation" />
      </p>
      <p>
        <Claim id="whitepaper-sells" />
      </p>
      <p>
        <Claim id="whitepaper-play" />
      </p>
    </>
  );
}

/** The supply, as the project states it. */
export function SupplyClaim() {
  return (
    <p>
      <PolicyClaim id="whitepaper-supply" />
    </p>
  );
}
