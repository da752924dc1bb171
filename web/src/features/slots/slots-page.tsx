import { PageContent } from '@/components/ui/page-content';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { useDocumentTitle } from '@/lib/use-document-title';

const SlotsContent = lazyWithQueries(() => import('@/features/slots/slots-content').then((m) => m.SlotsContent));

/**
 * FRUIT SPIN FRENZY (docs/product.md, Slots): the heading paints with the first load; the game,
 * which reads the server, loads right after (slots-content.tsx).
 */
export function SlotsPage() {
  useDocumentTitle('FRUIT SPIN FRENZY');
  return (
    // Kept short above the machine: at 1440×900 and 375×812 Spin Now and the whole reels show
    // without scrolling.
    <div className="mx-auto w-full max-w-7xl px-3 py-4 sm:px-6 sm:py-6">
      <header className="mb-4 text-center sm:mb-5">
        <h1 className="font-display text-3xl font-black tracking-tight text-gradient sm:text-5xl">FRUIT SPIN FRENZY</h1>
        <p className="mt-1 text-base font-semibold text-neon-gold sm:text-lg">Win up to {import.meta.env.SLOT_TOP_PRIZE} your bet!</p>
      </header>
      <PageContent>
        <SlotsContent />
      </PageContent>
    </div>
  );
}
