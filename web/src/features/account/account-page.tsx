import { useParams } from 'react-router';
import { PageContent } from '@/components/ui/page-content';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccountLoading } from '@/features/account/account-frame';

const AccountContent = lazyWithQueries(() => import('@/features/account/account-content').then((m) => m.AccountContent));

/**
 * `/account/:address`: an account's balances and its indexed activity, for anyone (devnet's
 * account explorer). The heading (the address) and the panels' frames paint with the first
 * load; what reads the server loads right after (account-content.tsx) into the same frames.
 */
export function AccountPage() {
  const { address = '' } = useParams();
  useDocumentTitle('Account');
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="mb-2 text-xs font-bold tracking-[0.3em] text-neon-cyan uppercase">Account</p>
      <PageContent fallback={<AccountLoading address={address} />}>
        <AccountContent address={address} />
      </PageContent>
    </div>
  );
}
