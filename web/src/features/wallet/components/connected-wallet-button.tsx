import { lazy, Suspense, useState } from 'react';
import { shortenAddress } from '@/lib/wallet/button-text';
import { useWallet } from '@/lib/wallet/wallet-context';
import { walletButtonBase } from './connect-wallet-button';

// The dialog (balances, Send SUPRA) loads when it is first opened, not with every page.
const WalletOptionsDialog = lazy(() => import('./wallet-options-dialog').then((m) => ({ default: m.WalletOptionsDialog })));

const connectedLook = 'border border-neon-green/50 bg-ink-800 text-white hover:border-neon-green hover:bg-ink-700 ';

/**
 * The header's wallet button while a wallet is connected (docs/product.md, Wallet): the short
 * address; clicking it opens the Wallet Options dialog.
 */
export function ConnectedWalletButton({ className = '' }: { className?: string }) {
  const { address, isTargetNetwork } = useWallet();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [optionsUsed, setOptionsUsed] = useState(false);
  if (!address) return null;
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
        className={walletButtonBase + connectedLook + className}
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
