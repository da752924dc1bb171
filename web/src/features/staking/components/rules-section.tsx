import { fmt2Grouped } from '@/lib/amounts';
import { apyText } from '@/lib/staking/format';
import { DEFAULT_APY_TIER, LOCK_SECONDS, SUPRA_DECIMALS } from '@/features/staking/utils/rules';

/** The pool's rules in words (docs/product.md, Staking), before any form is used. */
export function RulesSection({ passPrice }: { passPrice: bigint | null }) {
  const price = passPrice === null ? 'the pass price' : `${fmt2Grouped(passPrice, SUPRA_DECIMALS)} SUPRA`;
  return (
    <section aria-labelledby="staking-rules-heading" className="rounded-2xl border border-white/10 bg-ink-800/60 p-5">
      <h2 id="staking-rules-heading" className="font-display text-xl font-extrabold text-white">
        How the pool works
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-white/85">
        <li>The pool stakes SUPRA. Your deposit stays yours: the pool never pays rewards out of deposits.</li>
        <li>
          A stake is locked for {LOCK_SECONDS.toLocaleString('en-US')} s (one day) after the last deposit. Each new stake starts the
          window again for the whole deposit.
        </li>
        <li>
          Unstaking inside the lock window costs a 10% early-unstake tax on the amount, which goes to the reward reserve. The tax-free
          pass waives it. After the window, unstaking is free.
        </li>
        <li>The tax-free pass costs {price}, paid into the reward reserve. It is bought once and never expires.</li>
        <li>
          Rewards accrue every second at your APY tier: deposit × tier × seconds ÷ (10,000 × one year). Without a wallet or a deposit
          the tier reads {DEFAULT_APY_TIER.toString()} ({apyText(DEFAULT_APY_TIER)} a year); the pool raises it for larger deposits.
        </li>
        <li>
          Claiming pays your pending rewards from the reward reserve. If the reserve holds less, it pays what it holds and the rest
          stays pending until it is refilled. Pending rewards stay claimable after you unstake everything.
        </li>
        <li>Every action is a transaction you sign in your wallet; the network fee is paid in SUPRA.</li>
      </ul>
    </section>
  );
}
