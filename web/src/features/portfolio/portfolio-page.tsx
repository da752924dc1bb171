import { EmptyFrame, PageFrame } from '@/components/ui/page-frame';

/** Portfolio: the full screen arrives in its own issue; this frame holds the route and title. */
export function PortfolioPage() {
  return (
    <PageFrame title="Portfolio" subtitle="Every Supra token in your wallet, valued in SUPRA and USD.">
      <EmptyFrame />
    </PageFrame>
  );
}
