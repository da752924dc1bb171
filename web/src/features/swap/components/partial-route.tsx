import { Button } from '@/components/ui/button';
import type { PartialRoute } from '../hooks/use-swap-tx';
import { partialBody, partialTitle, retryStep2, swapBack } from '../utils/messages';

/**
 * What a two-transaction route left behind when step 2 did not go through: step 1 is done and
 * the trader holds its output. Retry swaps exactly that amount to the route's target at a new
 * quote; swap back returns it to the coin the route started from.
 */
export function PartialRouteNotice({
  partial,
  heldText,
  onRetry,
  onBack,
  onDismiss,
}: {
  partial: PartialRoute;
  heldText: string;
  onRetry: () => void;
  onBack: () => void;
  onDismiss: () => void;
}) {
  return (
    <section
      role="alert"
      aria-label="Route not finished"
      className="mt-3 space-y-2 rounded-xl border border-amber-400/50 bg-amber-500/10 p-3 text-sm"
      data-testid="partial-route"
    >
      <p className="font-bold text-white">{partialTitle(heldText, partial.via.name)}</p>
      <p className="text-white">{partialBody(partial.via.name, partial.to.name)}</p>
      <p className="text-amber-200">{partial.reason}</p>
      <div className="flex flex-wrap gap-2 pt-1">
        <Button variant="gold" size="sm" onClick={onRetry}>
          {retryStep2}
        </Button>
        <Button variant="secondary" size="sm" onClick={onBack}>
          {swapBack(partial.from.name)}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
