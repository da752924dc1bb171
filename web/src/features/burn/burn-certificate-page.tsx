import { useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageFrame } from '@/components/ui/page-frame';
import { formatSupply, safeBigInt } from '@/lib/amounts';
import { useAppConfig } from '@/lib/config';
import { errorMessage } from '@/lib/wallet/messages';
import { useAccountBurns, useBurn } from './api/burn-api';
import { burnDate, burnQuantity, certificateFileName, telegramShareUrl, xShareUrl } from './certificate-links';
import { CertificateDetails, explorerHref } from './components/certificate-details';

/** The public certificate page /burn/{hash}: checked against the chain by the server on every visit. */
export function BurnCertificatePage() {
  const { hash = '' } = useParams();
  const burn = useBurn(hash);
  const config = useAppConfig();
  const history = useAccountBurns(burn.data?.burner);
  const b = burn.data;
  const txHref = b ? explorerHref(config.data?.network.explorerTx, b.txHash) : null;
  const total = history.data?.totalLuckyBurned;

  return (
    <PageFrame title="Burn Certificate" subtitle="A burn anyone can check: this page reads the transaction from the chain.">
      {burn.isPending ? (
        <p className="text-center text-muted">Checking the chain...</p>
      ) : burn.isError || !b ? (
        <Card className="mx-auto max-w-lg text-center" role="alert">
          <h2 className="font-display text-xl font-bold text-white">Not a verified burn</h2>
          <p className="mt-2 text-muted">{errorMessage(burn.error) || 'This certificate could not be verified.'}</p>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
          <Card tone="gold" className="space-y-5">
            <div className="flex flex-wrap items-center gap-3">
              <Badge tone="green">✓ Verified on chain</Badge>
              {txHref && (
                <a className="text-sm text-neon-cyan underline" href={txHref} target="_blank" rel="noopener noreferrer">
                  View the transaction
                </a>
              )}
            </div>
            <CertificateDetails burn={b} txHref={txHref} />
            <div className="flex flex-wrap gap-3">
              <a className={buttonClasses('primary', 'md')} href={b.certificateUrl} download={certificateFileName(b)}>
                Download
              </a>
              <a className={buttonClasses('secondary', 'md')} href={xShareUrl(b)} target="_blank" rel="noopener noreferrer">
                Share on X
              </a>
              <a className={buttonClasses('secondary', 'md')} href={telegramShareUrl(b)} target="_blank" rel="noopener noreferrer">
                Share on Telegram
              </a>
            </div>
          </Card>
          <aside className="space-y-6">
            <Card>
              <h2 className="text-sm font-semibold tracking-wide text-muted uppercase">Total LUCKY burned</h2>
              <p className="mt-2 font-display text-3xl font-black text-white" data-testid="total-lucky-burned">
                {total ? `${formatSupply(safeBigInt(total.amount) ?? 0n, total.decimals)} LUCKY` : history.isPending ? '…' : '—'}
              </p>
            </Card>
            <Card>
              <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">This burner's burns</h2>
              {history.isPending ? (
                <p className="text-muted">Loading...</p>
              ) : history.isError ? (
                <p className="text-muted">Error loading</p>
              ) : (
                <ul className="space-y-2 text-sm">
                  {history.data.burns.map((x) => (
                    <li key={x.txHash} className="flex items-center justify-between gap-3">
                      <a className="text-neon-cyan underline" href={x.url}>
                        {burnQuantity(x)} {x.token.symbol}
                      </a>
                      <span className="text-muted">{burnDate(x)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </aside>
        </div>
      )}
    </PageFrame>
  );
}
