import { PageContent } from '@/components/ui/page-content';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { useDocumentTitle } from '@/lib/use-document-title';
import './minerz.css';

const MinerzContent = lazyWithQueries(() => import('@/features/minerz/minerz-content').then((m) => m.MinerzContent));

/**
 * Cosmic Miners (/minerz, docs/product.md): the starry heading paints with the first load; the game,
 * which reads the server, loads right after (minerz-content.tsx).
 */
export function MinerzPage() {
  useDocumentTitle('Cosmic Miners');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="minerz-header relative mb-8 overflow-hidden rounded-3xl border border-neon-violet/30 px-6 py-10 text-center">
        <div aria-hidden="true" className="minerz-stars" />
        <h1 className="minerz-title relative font-display text-4xl font-black tracking-tight text-gradient sm:text-6xl">Cosmic Miners</h1>
        <p className="relative mx-auto mt-4 max-w-2xl text-base text-white/85 sm:text-lg">
          Build your mining empire and conquer the galaxy with MINE tokens!
        </p>
      </header>
      <PageContent>
        <MinerzContent />
      </PageContent>
    </div>
  );
}
