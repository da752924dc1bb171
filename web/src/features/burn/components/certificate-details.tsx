import { AddressLink, TxLink } from '@/components/ui/chain-link';
import { TokenLogo } from '@/components/ui/token-logo';
import type { BurnInfo } from '@/types/api';
import { burnDate, burnQuantity, quantitySize } from '../certificate-links';

/** The certificate's facts: token, quantity, burner, transaction, date, and its image. */
export function CertificateDetails({ burn }: { burn: BurnInfo }) {
  const quantity = burnQuantity(burn);
  return (
    <div className="space-y-4">
      <img
        src={burn.certificateUrl}
        alt={`Burn certificate: ${burnQuantity(burn)} ${burn.token.symbol}`}
        width={1200}
        height={630}
        className="aspect-[1200/630] w-full rounded-xl border border-white/10 bg-ink-900"
      />
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="flex min-w-0 items-center gap-3">
          <TokenLogo src={burn.token.logo} name={burn.token.name} size={36} />
          <div className="min-w-0">
            <dt className="text-muted">Quantity</dt>
            <dd
              className={`font-display font-bold [overflow-wrap:anywhere] text-white ${quantitySize(quantity)}`}
              data-testid="certificate-quantity"
            >
              {quantity} {burn.token.symbol}
              {burn.token.name !== burn.token.symbol && (
                <span className="ml-2 text-sm font-normal text-muted">{burn.token.name}</span>
              )}
            </dd>
          </div>
        </div>
        <div>
          <dt className="text-muted">Date</dt>
          <dd className="text-white">{burnDate(burn)}</dd>
        </div>
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-muted">Address</dt>
          <dd className="font-mono text-xs break-all text-white">
            <span data-testid="certificate-burner">{burn.burner}</span>
            <span className="mt-1 block font-sans text-sm" data-testid="certificate-burner-account">
              <AddressLink address={burn.burner} />
            </span>
          </dd>
        </div>
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-muted">Transaction</dt>
          <dd className="font-mono text-xs break-all text-white">
            <TxLink hash={burn.txHash} className="text-neon-cyan underline">
              {burn.txHash}
            </TxLink>
          </dd>
        </div>
      </dl>
    </div>
  );
}
