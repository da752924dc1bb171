import { useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { safeBigInt } from '@/lib/amounts';
import { formatSupply } from '@/lib/format';
import { errorMessage } from '@/lib/wallet/errors';
import { useAccountBurns, useBurn } from './api/burn-api';
import { burnDate, burnQuantity, certificateFileName, telegramShareUrl, xShareUrl } from './certificate-links';
import { TxLink } from '@/components/ui/chain-link';
import { CertificateDetails } from './components/certificate-details';
import { CertificateFigures } from './components/certificate-figures';

/** The public certificate page /burn/{hash}: checked against the chain by the server on every visit. */
export function BurnCertificateContent() {
  const { hash = '' } = useParams();
  const burn = useBurn(hash);
  const history = useAccountBurns(burn.data?.burner);
  const b = burn.data;
  const total = history.data?.totalLuckyBurned;

  return (
    <>
      {/* A screen's height in every state: the certificate replacing "Checking the chain..." must
          not push the page footer down under the reader's eyes (a layout shift on every visit). */}
      <div className="min-h-dvh">
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
              <TxLink hash={b.txHash} className="text-sm text-neon-cyan underline">
                View the transaction
              </TxLink>
            </div>
            <CertificateDetails burn={b} />
            <div className="rounded-xl border border-white/10 bg-ink-900/60 p-4">
              <CertificateFigures burn={b} />
            </div>
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
      </div>
    </>
  );
}
