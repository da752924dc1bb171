import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { useAppConfig } from '@/lib/config';
import { fullAddress, shortAddress } from '@/lib/format';
import { addressLink, externalLinkProps, txLink, type ExplorerLink } from '@/lib/links';
import type { ConfigNetwork } from '@/types/api';

/**
 * The name the server gives a known account (treasury, pool, house fund, burn address, dev
 * accounts on devnet), or null. GET /api/v1/config's network.labels is the one source.
 */
export function useAddressLabel(): (address: string) => string | null {
  const labels = useAppConfig().data?.network.labels;
  return (address: string) => labels?.[fullAddress(address)] ?? null;
}

/** An explorer link: a router link for the app's own pages, a new tab for an external explorer. */
export function ExplorerAnchor({
  link,
  className,
  label,
  testId,
  children,
}: {
  link: ExplorerLink | null;
  className?: string;
  label?: string;
  testId?: string;
  children: ReactNode;
}) {
  if (!link)
    return (
      <span className={className} data-testid={testId}>
        {children}
      </span>
    );
  return link.internal ? (
    <Link to={link.href} className={className} aria-label={label} data-testid={testId}>
      {children}
    </Link>
  ) : (
    <a href={link.href} {...externalLinkProps} className={className} aria-label={label} data-testid={testId}>
      {children}
    </a>
  );
}

interface AddressLinkProps {
  address: string;
  className?: string;
  linked?: boolean;
  /**
   * The network from the config (GET /api/v1/config), when the caller has read it: a list reads
   * it once and hands it to its rows, instead of each row subscribing to the config itself
   * (tens of subscriptions set up in the one task that draws the list). Null while it loads.
   */
  network?: ConfigNetwork | null;
}

/**
 * An account as the app shows it everywhere: its label when known (with the short address after
 * it), else the short address, linked to the account's page on the network's explorer.
 */
export function AddressLink(props: AddressLinkProps) {
  return props.network === undefined ? <AddressLinkReadingConfig {...props} /> : <AddressLinkOn {...props} network={props.network} />;
}

function AddressLinkReadingConfig(props: AddressLinkProps) {
  return <AddressLinkOn {...props} network={useAppConfig().data?.network ?? null} />;
}

function AddressLinkOn({ address, className = 'text-neon-cyan hover:underline', linked = true, network }: AddressLinkProps & { network: ConfigNetwork | null }) {
  const label = network?.labels?.[fullAddress(address)] ?? null;
  const text = (
    <>
      {label ? (
        <>
          <span className="font-sans font-semibold" data-testid="address-label">
            {label}
          </span>{' '}
          {/* On a phone the label alone keeps tables within the screen; the link names the full address. */}
          <span className="hidden opacity-70 sm:inline">({shortAddress(address)})</span>
        </>
      ) : (
        shortAddress(address)
      )}
    </>
  );
  if (!linked) return <span title={address}>{text}</span>;
  return (
    <ExplorerAnchor link={addressLink(network ?? undefined, address)} className={className} label={`Account ${label ? `${label} ` : ''}${address}`}>
      {text}
    </ExplorerAnchor>
  );
}

/** A transaction link on the network's explorer (devnet: the in-app transaction page). */
export function TxLink({ hash, className, label, children }: { hash: string; className?: string; label?: string; children: ReactNode }) {
  const config = useAppConfig();
  return (
    <ExplorerAnchor link={txLink(config.data?.network, hash)} className={className} label={label}>
      {children}
    </ExplorerAnchor>
  );
}
