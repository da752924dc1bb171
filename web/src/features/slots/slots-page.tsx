import { useParams } from 'react-router';
import { EmptyFrame, PageFrame } from '@/components/ui/page-frame';

/** FRUIT SPIN FRENZY: the game arrives in its own issue; `/slots/:token` preselects a token by name. */
export function SlotsPage() {
  const { token } = useParams();
  return (
    <PageFrame title="FRUIT SPIN FRENZY" subtitle="Win up to 50x your bet!">
      <EmptyFrame>
        <p>The reels are being polished. Check back soon.</p>
        {token && <p className="text-sm">Selected token: {token.toUpperCase()}</p>}
      </EmptyFrame>
    </PageFrame>
  );
}
