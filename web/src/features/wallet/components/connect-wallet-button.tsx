import { WalletIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';

/**
 * The header's wallet button, in its "Connect Wallet" state. The StarKey connection
 * (Connecting... with a spinner, the short address, the Wallet Options dialog) is wired in
 * the wallet issue; until then a click only explains that.
 */
export function ConnectWalletButton({ className = '' }: { className?: string }) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() =>
        toast.show('Wallet connection is coming with the next release. Stay tuned!', { type: 'info' })
      }
      className={
        'inline-flex h-10 items-center gap-2 rounded-xl bg-gradient-to-r from-neon-pink to-neon-violet px-3 ' +
        'text-sm font-bold whitespace-nowrap text-ink-950 shadow-[0_0_20px_rgb(255_61_200/0.35)] transition ' +
        'hover:brightness-110 sm:px-4 ' +
        className
      }
    >
      <WalletIcon size={18} />
      Connect Wallet
    </button>
  );
}
