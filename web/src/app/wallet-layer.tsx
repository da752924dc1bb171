import type { ComponentProps } from 'react';
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
