import { EmptyFrame, PageFrame } from '@/components/ui/page-frame';

/** Meme Burner: the full screen arrives in its own issue; this frame holds the route and title. */
export function BurnPage() {
  return (
    <PageFrame title="Meme Burner" subtitle="Send tokens to the burn address and get a shareable burn certificate.">
      <EmptyFrame />
    </PageFrame>
  );
}
