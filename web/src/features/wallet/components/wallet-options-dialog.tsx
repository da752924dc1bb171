import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/content-icons';
import { Link } from '@/components/ui/link';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { formatUnits } from '@/lib/amounts';
import { balanceOf, useBalances } from '@/lib/balances/use-balances';
import { NATIVE_COIN_TYPE } from '@/lib/links';
import { paths } from '@/lib/paths';
import { shortNetworkName, walletText } from '@/lib/wallet/messages';
import { useAppConfig } from '@/lib/config';
import { useWallet } from '@/lib/wallet/wallet-context';
import { QueryRoot } from '@/lib/query-root';
import { SendSupraForm } from './send-supra-form';

interface WalletOptionsProps {
  open: boolean;
  onClose: () => void;
}

/** "Wallet Options" (docs/product.md, Wallet): address (with copy), network, Disconnect Wallet, X close; plus Send SUPRA. */
export function WalletOptionsDialog(props: WalletOptionsProps) {
  return (
    <QueryRoot>
      <WalletOptions {...props} />
    </QueryRoot>
  );
}

function WalletOptions({ open, onClose }: WalletOptionsProps) {
  const { address, network, chainId, isTargetNetwork, disconnect, switchNetwork, networkLabel } = useWallet();
  const { data: config } = useAppConfig();
  const native = config?.tokens.find((t) => t.coinType === (config.network.modules.nativeCoin || NATIVE_COIN_TYPE));
  const decimals = native?.decimals ?? 8;
  const symbol = native?.symbol ?? 'SUPRA';
  const balances = useBalances(open ? address : null);
  const [copied, setCopied] = useState(false);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copyTimer.current), []);

  if (!address) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
      clearTimeout(copyTimer.current);
      copyTimer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };

  const nativeBalance = balances.data ? balanceOf(balances.data, native?.coinType ?? NATIVE_COIN_TYPE) : null;

  return (
    <Modal open={open} onClose={onClose} title={walletText.optionsTitle} size="md" closeIconLabel="Close">
      <div className="space-y-5">
        <section aria-labelledby="wallet-address-label">
          <h3 id="wallet-address-label" className="mb-1.5 text-xs font-bold tracking-[0.14em] text-muted uppercase">
            Address
          </h3>
          <div className="flex items-center gap-2 rounded-xl border border-white/10 bg-ink-900 p-3">
            <code data-testid="wallet-address" className="min-w-0 flex-1 font-mono text-sm break-all text-white">
              {address}
            </code>
            <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={copied ? 'Address copied' : 'Copy address'}>
              {copied ? <CheckIcon size={16} /> : null}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </section>

        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <section aria-labelledby="wallet-network-label" className="rounded-xl border border-white/10 bg-ink-900 p-3">
            <h3 id="wallet-network-label" className="mb-1 text-xs font-bold tracking-[0.14em] text-muted uppercase">
              Network
            </h3>
            <p className="flex items-center gap-2 font-bold text-white">
              <span
                aria-hidden="true"
                className={`h-2 w-2 rounded-full ${isTargetNetwork ? 'bg-neon-green' : 'bg-neon-gold'}`}
              />
              <span data-testid="wallet-network">{network?.label ?? '…'}</span>
            </p>
          </section>
          <section aria-labelledby="wallet-balance-label" className="rounded-xl border border-white/10 bg-ink-900 p-3">
            <h3 id="wallet-balance-label" className="mb-1 text-xs font-bold tracking-[0.14em] text-muted uppercase">
              Balance
            </h3>
            <p className="font-bold text-white" data-testid="wallet-balance">
              {balances.isPending ? (
                <Spinner size={16} label="Loading balance" />
              ) : nativeBalance === null ? (
                '—'
              ) : (
                `${formatUnits(nativeBalance, decimals, 2, { grouping: true })} ${symbol}`
              )}
            </p>
          </section>
        </div>

        {!isTargetNetwork && network && (
          <div role="alert" className="rounded-xl border border-neon-gold/60 bg-neon-gold/10 p-3 text-sm text-white">
            <p>
              Your wallet is on <strong>{networkLabel(chainId)}</strong>. Switch to {network.label} to send.
            </p>
            <Button size="sm" variant="gold" className="mt-2" onClick={() => void switchNetwork()}>
              Switch to {shortNetworkName(network.label)}
            </Button>
          </div>
        )}

        <Link
          to={paths.activity}
          onClick={onClose}
          className={
            'flex h-11 w-full items-center justify-center rounded-xl border border-white/15 bg-ink-900 text-sm font-bold ' +
            'tracking-wide text-white transition hover:border-neon-cyan/60 hover:text-neon-cyan ' +
            'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan'
          }
        >
          My activity: swaps, spins, burns and more
        </Link>

        <SendSupraForm
          address={address}
          decimals={decimals}
          symbol={symbol}
          balance={nativeBalance}
          network={config?.network}
          disabled={!isTargetNetwork}
        />

        <button
          type="button"
          className={
            'inline-flex h-11 w-full items-center justify-center rounded-xl border border-red-400/60 bg-red-500/10 ' +
            'text-sm font-bold tracking-wide text-red-300 transition hover:bg-red-500/20 hover:text-red-200 ' +
            'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan'
          }
          onClick={() => {
            onClose();
            void disconnect();
          }}
        >
          {walletText.disconnect}
        </button>
      </div>
    </Modal>
  );
}
