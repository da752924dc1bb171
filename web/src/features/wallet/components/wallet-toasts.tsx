import { useEffect } from 'react';
import { useToast } from '@/components/ui/toast-context';
import { CONNECTED_TOAST_MS, connectFailedToast, networkConnectedToast, walletText } from '@/lib/wallet/messages';
import type { WalletEvent } from '@/lib/wallet/types';
import { useWalletUi } from '@/lib/wallet/wallet-context';

type ShowToast = ReturnType<typeof useToast>['show'];

/** The toast of each wallet event (docs/product.md, Wallet). */
function toastFor(show: ShowToast, e: WalletEvent) {
  switch (e.type) {
    case 'connected':
      show(walletText.connectedToast, { type: 'success' });
      break;
    case 'networkConnected':
      show(networkConnectedToast(e.label), { type: 'success', duration: CONNECTED_TOAST_MS });
      break;
    case 'connectFailed':
      show(connectFailedToast(e.message), { type: 'error' });
      break;
    case 'switchFailed':
      show(e.message, { type: 'error' });
      break;
  }
}

/** A toast for each wallet event. Mount it with the state machine, so it listens before the first event. */
export function WalletToasts() {
  const subscribe = useWalletUi()?.subscribe;
  const { show } = useToast();
  useEffect(() => subscribe?.((e) => toastFor(show, e)), [subscribe, show]);
  return null;
}
