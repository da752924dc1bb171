import { api } from '@/lib/api';
import type {
  StakeBuildResponse,
  StakeRequest,
  StakingClaimBuildResponse,
  StakingPassBuildResponse,
  UnstakeBuildResponse,
  UnstakeRequest,
} from '@/types/api';

// The pool's reads are lib/staking/use-staking.ts (shared with the landing page's Staking modal);
// these are its builders: the server checks the pool's rules and answers a raw transaction to sign.

/** POST /api/v1/staking/stake */
export function buildStake(req: StakeRequest): Promise<StakeBuildResponse> {
  return api<StakeBuildResponse>('/staking/stake', { method: 'POST', body: req });
}

/** POST /api/v1/staking/unstake: refused inside the lock window without the pass unless acceptTax. */
export function buildUnstake(req: UnstakeRequest): Promise<UnstakeBuildResponse> {
  return api<UnstakeBuildResponse>('/staking/unstake', { method: 'POST', body: req });
}

/** POST /api/v1/staking/claim */
export function buildStakingClaim(sender: string): Promise<StakingClaimBuildResponse> {
  return api<StakingClaimBuildResponse>('/staking/claim', { method: 'POST', body: { sender } });
}

/** POST /api/v1/staking/pass */
export function buildStakingPass(sender: string): Promise<StakingPassBuildResponse> {
  return api<StakingPassBuildResponse>('/staking/pass', { method: 'POST', body: { sender } });
}
