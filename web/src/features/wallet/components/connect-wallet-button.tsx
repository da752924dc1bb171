import { lazy, Suspense } from 'react';
import { WalletIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { connectText, connectingText } from '@/lib/wallet/button-text';
import { useWallet } from '@/lib/wallet/wallet-context';

// The connected look (the address, the Wallet Options dialog) loads with the wallet's state
// machine (app/wallet-layer.tsx), the only thing that connects a wallet: the header of a first
// paint carries only "Connect Wallet".
const ConnectedWalletButton = lazy(() => import('./connected-wallet-button').then((m) => ({ default: m.ConnectedWalletButton })));

export const walletButtonBase =
  'inline-flex h-10 items-center gap-2 rounded-xl px-3 text-sm font-bold whitespace-nowrap transition sm:px-4 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan disabled:cursor-wait ';
const primary =
  'bg-gradient-to-r from-neon-pink to-neon-violet text-ink-950 shadow-[0_0_20px_rgb(255_61_200/0.35)] hover:brightness-110 ';

/**
 * The header's wallet button (docs/product.md, Wallet): "Connect Wallet", then "Connecting..." with a spinner, then
 * the short address; clicking it while connected opens the Wallet Options dialog.
 */
export function ConnectWalletButton({ className = '' }: { className?: string }) {
  const { status, address, connect } = useWallet();
  const connecting = status === 'connecting';
  const button = (
    <button
      type="button"
      onClick={() => void connect()}
      disabled={connecting}
      aria-busy={connecting || undefined}
      className={walletButtonBase + primary + className}
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
  // One boundary for both looks: a wallet connecting (a transition, app/wallet-shell.tsx) keeps
  // this button up until the connected look is there, rather than a gap in the header.
  return <Suspense fallback={button}>{status === 'connected' && address ? <ConnectedWalletButton className={className} /> : button}</Suspense>;
}
