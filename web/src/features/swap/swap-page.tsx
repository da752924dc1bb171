import { EmptyFrame, PageFrame } from '@/components/ui/page-frame';

/** Swap: the full screen arrives in its own issue; this frame holds the route and title. */
export function SwapPage() {
  return (
    <PageFrame title="Swap" subtitle="Trade SUPRA and LUCKY through the Dexlyn pools without leaving the app.">
      <EmptyFrame />
    </PageFrame>
  );
}
