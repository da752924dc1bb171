import type { ComponentProps } from 'react';
// Loaded with the state machine, so the header's connected look (connect-wallet-button.tsx) is
// there by the time a wallet connects.
import '@/features/wallet/components/connected-wallet-button';
import { WalletOverlays } from '@/features/wallet/components/wallet-overlays';
import { WalletToasts } from '@/features/wallet/components/wallet-toasts';
import { WalletEngine } from '@/lib/wallet/wallet-provider';

/** What the wallet adds once the page has painted (app/wallet-shell.tsx): its state machine, dialogs and toasts. */
export function WalletLayer(props: Omit<ComponentProps<typeof WalletEngine>, 'children'>) {
  return (
    <WalletEngine {...props}>
      <WalletOverlays />
      <WalletToasts />
    </WalletEngine>
  );
}
