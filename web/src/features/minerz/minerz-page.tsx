import { EmptyFrame, PageFrame } from '@/components/ui/page-frame';

/** Cosmic Miners: the full screen arrives in its own issue; this frame holds the route and title. */
export function MinerzPage() {
  return (
    <PageFrame title="Cosmic Miners" subtitle="Build your mining empire and conquer the galaxy with MINE tokens!">
      <EmptyFrame />
    </PageFrame>
  );
}
