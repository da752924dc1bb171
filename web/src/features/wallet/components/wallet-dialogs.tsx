import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { externalLinkProps } from '@/lib/links';
import { WALLET_NAME, shortNetworkName, walletText } from '@/lib/wallet/messages';
import type { NetworkPrompt, WalletNotice } from '@/lib/wallet/types';

interface WalletDialogsProps {
  connecting: boolean;
  onCancelConnect: () => void;
  notice: WalletNotice | null;
  onCloseNotice: () => void;
  prompt: NetworkPrompt | null;
  onSwitch: () => void;
  onClosePrompt: () => void;
  starkeyUrl?: string;
}

/** The wallet's app-wide overlays: connecting, wallet messages (docs/product.md, Wallet) and the network pop-up. */
export function WalletDialogs({
  connecting,
  onCancelConnect,
  notice,
  onCloseNotice,
  prompt,
  onSwitch,
  onClosePrompt,
  starkeyUrl,
}: WalletDialogsProps) {
  return (
    <>
      <Modal
        open={connecting}
        onClose={onCancelConnect}
        title={walletText.overlayTitle}
        size="sm"
        showCloseIcon={false}
        footer={
          <Button variant="ghost" size="sm" onClick={onCancelConnect}>
            Cancel
          </Button>
        }
      >
        <div className="flex items-center gap-3">
          <Spinner size={28} label={walletText.overlayTitle} className="text-neon-cyan" />
          <p className="text-base text-white">{walletText.overlayBody}</p>
        </div>
      </Modal>

      <Modal
        open={notice !== null && !connecting}
        onClose={onCloseNotice}
        title={WALLET_NAME}
        size="sm"
        closeIconLabel="Close"
        footer={
          <>
            {notice?.kind === 'notDetected' && starkeyUrl && (
              <a href={starkeyUrl} {...externalLinkProps} className="inline-flex h-9 items-center rounded-xl px-3 text-sm font-bold text-neon-cyan hover:bg-white/10">
                Open {WALLET_NAME}
              </a>
            )}
            <Button variant="secondary" size="sm" onClick={onCloseNotice}>
              OK
            </Button>
          </>
        }
      >
        <p role={notice?.kind === 'error' ? 'alert' : undefined} className="text-base text-white">
          {notice?.message}
        </p>
      </Modal>

      <Modal
        open={prompt !== null && !connecting}
        onClose={onClosePrompt}
        title="Switch Network"
        size="sm"
        closeIconLabel="Close"
        footer={
          prompt && (
            <>
              <Button variant="ghost" size="sm" onClick={onClosePrompt}>
                Not now
              </Button>
              <Button size="sm" onClick={onSwitch} disabled={prompt.switching}>
                {prompt.switching && (
                  <span aria-hidden="true" className="inline-flex">
                    <Spinner size={16} label="" />
                  </span>
                )}
                Switch to {shortNetworkName(prompt.targetLabel)}
              </Button>
            </>
          )
        }
      >
        {prompt && (
          <p className="text-base text-white">
            Your wallet is on <strong className="text-neon-gold">{prompt.fromLabel}</strong>. LuckyCoin runs on{' '}
            <strong className="text-neon-green">{prompt.targetLabel}</strong>: switch to play, swap and send.
          </p>
        )}
      </Modal>
    </>
  );
}
