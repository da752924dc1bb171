import { EmptyFrame, PageFrame } from '@/components/ui/page-frame';

/** Token Overview: the full screen arrives in its own issue; this frame holds the route and title. */
export function TokenIndexPage() {
  return (
    <PageFrame title="Token Overview" subtitle="Price and market-cap ranking of the Supra community tokens.">
      <EmptyFrame />
    </PageFrame>
  );
}
