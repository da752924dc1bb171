import { lazy, Suspense } from 'react';
import { useWalletUi } from '@/lib/wallet/wallet-context';

// The dialogs load with the first one shown (a connect, a wallet message, a network prompt):
// a visit that never connects does not fetch them.
const WalletDialogs = lazy(() => import('./wallet-dialogs').then((m) => ({ default: m.WalletDialogs })));

/**
 * The wallet's app-wide dialogs: the connecting overlay, wallet messages (docs/product.md, Wallet)
 * and the network pop-up. Mount once inside the WalletProvider, which holds the state; the
 * toasts of wallet events are wallet-toasts.tsx.
 */
export function WalletOverlays() {
  const ui = useWalletUi();
  if (!ui || (!ui.connecting && !ui.notice && !ui.prompt)) return null;
  return (
    <Suspense fallback={null}>
      <WalletDialogs
      connecting={ui.connecting}
      onCancelConnect={ui.cancelConnect}
      notice={ui.notice}
      onCloseNotice={ui.dismissNotice}
      prompt={ui.prompt}
      onSwitch={() => void ui.switchNetwork()}
      onClosePrompt={ui.closePrompt}
      starkeyUrl={ui.starkeyUrl}
      />
    </Suspense>
  );
}

