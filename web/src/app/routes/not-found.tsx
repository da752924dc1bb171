import { Link } from '@/components/ui/link';
import { buttonClasses } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <p className="font-display text-7xl font-black text-neon-pink text-glow" aria-hidden="true">
        404
      </p>
      <h1 className="font-display text-3xl font-black text-white sm:text-4xl">Page Not Found</h1>
      <p className="text-muted">
        The reels stopped on nothing: this page does not exist or has moved. Try the home page or spin up a game.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'md')}>
          Back to home
        </Link>
        <Link to="/play" className={buttonClasses('secondary', 'md')}>
          Go to games
        </Link>
      </div>
    </div>
  );
}
