import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { NetworkFeeFor } from '@/components/tx/network-fee';
import { TokenLogo } from '@/components/ui/token-logo';
import { formatExactUnits } from '@/lib/amounts';
import type { Token } from '@/types/api';
import { amountText } from '../amount-shortcuts';
import { buildBurn } from '../api/burn-api';
import { useMarketPrices } from '../api/use-market-prices';
import { usdValueText } from '../usd-value';

export interface BurnReview {
  token: Token;
  /** The amount in base units: exactly what Confirm burns. */
  base: bigint;
}

/**
 * The last look before a burn goes to the wallet (docs/product.md, Burn): the exact amount, its
 * USD value from the market figures (or why there is none), the full burn address with a copy
 * button, and "this cannot be undone". Cancel, Escape and the backdrop close it; nothing is signed
 * until Confirm.
 */
export function BurnReviewDialog({
  review,
  sender,
  burnAddress,
  onCancel,
  onConfirm,
}: {
  review: BurnReview | null;
  /** The connected wallet, whose burn is priced for its network fee. */
  sender: string | null;
  burnAddress: string;
  onCancel: () => void;
  onConfirm: (review: BurnReview) => void;
}) {
  const market = useMarketPrices(!!review);
  const [copied, setCopied] = useState(false);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copyTimer.current), []);
  useEffect(() => setCopied(false), [review]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(burnAddress);
      setCopied(true);
      clearTimeout(copyTimer.current);
      copyTimer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };

  let usd: string;
  let usdNote = '';
  if (!review || market.isPending) usd = 'Loading...';
  else if (market.isError) {
    usd = 'Not available';
    usdNote = 'The market figures could not be read just now.';
  } else {
    const m = market.data.tokens.find((t) => t.coinType === review.token.coinType);
    const text = usdValueText(review.base, review.token.decimals, m?.priceUsd);
    if (text) usd = `≈ ${text}`;
    else {
      usd = 'No USD price';
      usdNote = !m
        ? `${review.token.name} has no pool against SUPRA, so it has no market price.`
        : (market.data.usdUnavailable?.detail ?? `${review.token.name} has no USD price right now.`);
    }
  }

  const amount = review ? `${formatExactUnits(review.base, review.token.decimals, 0)} ${review.token.symbol || review.token.name}` : '';
  return (
    <Modal open={!!review} onClose={onCancel} title="Review your burn" size="md" closeIconLabel="Cancel burn">
      {review && (
        <div className="space-y-5">
          <div className="flex items-center gap-3 rounded-xl border border-neon-gold/30 bg-ink-900/70 p-4">
            <TokenLogo src={review.token.logo} name={review.token.name} size={44} />
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-wide uppercase">You burn</p>
              <p className="font-display text-2xl font-black break-all text-white sm:text-3xl" data-testid="review-amount">
                {amount}
              </p>
              {review.token.symbol && review.token.symbol !== review.token.name && <p className="text-xs">{review.token.name}</p>}
              <p className="text-sm text-white/85" data-testid="review-usd">
                {usd}
              </p>
              {usdNote && (
                <p className="mt-1 text-xs" data-testid="review-usd-note">
                  {usdNote}
                </p>
              )}
            </div>
          </div>

          <div>
            <p className="text-xs font-semibold tracking-wide uppercase">Sent to the burn address</p>
            <div className="mt-1 flex items-start gap-2">
              <code className="min-w-0 flex-1 rounded-lg bg-ink-900 px-3 py-2 font-mono text-xs break-all text-white" data-testid="review-address">
                {burnAddress}
              </code>
              <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label="Copy the burn address">
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
            <p className="mt-1 text-xs">Nobody holds this address's key: what arrives there can never move again.</p>
          </div>

          {sender && (
            <NetworkFeeFor
              feeKey={['burn', sender, review.token.name, review.base.toString()]}
              build={() => buildBurn({ sender, token: review.token.name, amount: amountText(review.base, review.token.decimals) })}
            />
          )}

          <p role="alert" className="rounded-xl border border-red-400/50 bg-red-500/10 px-4 py-3 text-sm font-semibold text-red-100">
            ⚠ This cannot be undone. The tokens are gone for good once you confirm in your wallet.
          </p>

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <Button variant="gold" onClick={() => onConfirm(review)}>
              Confirm burn
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
