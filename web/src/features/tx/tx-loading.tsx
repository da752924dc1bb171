import { Spinner } from '@/components/ui/spinner';

/** The details' place while they load: the page's, then the query's (the same spinner, so nothing moves between the two). */
export function TxLoading() {
  return (
    <div className="flex min-h-48 items-center justify-center text-neon-cyan">
      <Spinner size={28} label="Loading transaction" />
    </div>
  );
}
