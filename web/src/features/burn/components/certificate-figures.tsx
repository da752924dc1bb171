import { formatExactUnits, safeBigInt } from '@/lib/amounts';
import type { BurnDetail } from '@/types/api';
import { QrCode } from './qr-code';

/**
 * The certificate's figures (docs/product.md, Burn): the share of the token's supply this burn
 * is, the burner's running total of the token up to and including it, and the QR code of this
 * page. A figure the server could not give says why.
 */
export function CertificateFigures({ burn }: { burn: BurnDetail }) {
  const symbol = burn.token.symbol || burn.token.name;
  const total = burn.burnerTotal;
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <dl className="grid gap-4 text-sm">
        <div>
          <dt className="text-muted">Share of supply burned</dt>
          <dd className="font-display text-2xl font-bold text-neon-gold" data-testid="certificate-share">
            {burn.shareOfSupply ? `${burn.shareOfSupply.percent}%` : '—'}
          </dd>
          <dd className="text-xs text-muted">
            {burn.shareOfSupply
              ? `of ${formatExactUnits(safeBigInt(burn.shareOfSupply.totalSupply) ?? 0n, burn.token.decimals, 0)} ${symbol} in total (${burn.shareOfSupply.source === 'chain' ? 'the chain’s supply' : 'the token list’s supply'})`
              : burn.shareOfSupplyNote}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Burner’s total {symbol} burned</dt>
          <dd className="font-display text-2xl font-bold text-neon-gold" data-testid="certificate-running-total">
            {total ? `${formatExactUnits(safeBigInt(total.amount) ?? 0n, burn.token.decimals, 0)} ${symbol}` : '—'}
          </dd>
          <dd className="text-xs text-muted">
            {total ? `in ${total.burns} ${total.burns === 1 ? 'burn' : 'burns'}, up to and including this one` : burn.burnerTotalNote}
          </dd>
        </div>
      </dl>
      <figure className="mx-auto w-40 text-center sm:w-36">
        <QrCode modules={burn.qr.modules} label={`QR code of this certificate's page: ${burn.qr.url}`} className="w-full" />
        <figcaption className="mt-2 text-xs text-muted">Scan to verify</figcaption>
      </figure>
    </div>
  );
}
