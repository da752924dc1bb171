import { lazy, Suspense, useState } from 'react';
import { WalletIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { connectText, connectingText, shortenAddress } from '@/lib/wallet/button-text';
import { useWallet } from '@/lib/wallet/wallet-context';

// The dialog (balances, Send SUPRA) loads when it is first opened, not with every page.
const WalletOptionsDialog = lazy(() => import('./wallet-options-dialog').then((m) => ({ default: m.WalletOptionsDialog })));

const base =
  'inline-flex h-10 items-center gap-2 rounded-xl px-3 text-sm font-bold whitespace-nowrap transition sm:px-4 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan disabled:cursor-wait ';
const primary =
  'bg-gradient-to-r from-neon-pink to-neon-violet text-ink-950 shadow-[0_0_20px_rgb(255_61_200/0.35)] hover:brightness-110 ';
const connected = 'border border-neon-green/50 bg-ink-800 text-white hover:border-neon-green hover:bg-ink-700 ';

/**
 * The header's wallet button (docs/product.md, Wallet): "Connect Wallet", then "Connecting..." with a spinner, then
 * the short address; clicking it while connected opens the Wallet Options dialog.
 */
export function ConnectWalletButton({ className = '' }: { className?: string }) {
  const { status, address, isTargetNetwork, connect } = useWallet();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [optionsUsed, setOptionsUsed] = useState(false);

  if (status === 'connected' && address) {
    return (
      <>
        <button
          type="button"
          onClick={() => {
            setOptionsUsed(true);
            setOptionsOpen(true);
          }}
          aria-haspopup="dialog"
          aria-label={`Wallet ${shortenAddress(address)}: open wallet options`}
          title={address}
          className={base + connected + className}
        >
          <span
            aria-hidden="true"
            className={`h-2 w-2 shrink-0 rounded-full ${isTargetNetwork ? 'bg-neon-green shadow-[0_0_8px_rgb(61_255_154/0.8)]' : 'bg-neon-gold'}`}
          />
          <span className="font-mono tracking-tight">{shortenAddress(address)}</span>
        </button>
        {optionsUsed && (
          <Suspense fallback={null}>
            <WalletOptionsDialog open={optionsOpen} onClose={() => setOptionsOpen(false)} />
          </Suspense>
        )}
      </>
    );
  }

  const connecting = status === 'connecting';
  return (
    <button
      type="button"
      onClick={() => void connect()}
      disabled={connecting}
      aria-busy={connecting || undefined}
      className={base + primary + className}
    >
      {connecting ? (
        <span aria-hidden="true" className="inline-flex">
          <Spinner size={16} label="" />
        </span>
      ) : (
        <WalletIcon size={18} />
      )}
      {connecting ? connectingText : connectText}
    </button>
  );
}
