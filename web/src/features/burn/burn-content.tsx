import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TokenLogo } from '@/components/ui/token-logo';
import { TokenPicker } from '@/components/ui/token-picker';
import { useToast } from '@/components/ui/toast-context';
import { formatBalance, formatExactUnits, formatUnits, tryParseUnits } from '@/lib/amounts';
import { balanceOf, useBalances } from '@/lib/balances/use-balances';
import { configQuery, useAppConfig } from '@/lib/config';
import { addressLink } from '@/lib/links';
import { ExplorerAnchor } from '@/components/ui/chain-link';
import { useSound } from '@/lib/sound-context';
import { isTxError } from '@/lib/tx/tx-error';
import { useTransaction } from '@/lib/tx/use-transaction';
import { useDataBeforePaint } from '@/lib/use-data-before-paint';
import { errorMessage } from '@/lib/wallet/errors';
import { useWallet } from '@/lib/wallet/wallet-context';
import type { BurnInfo, Token } from '@/types/api';
import { buildBurn, fetchBurnWithRetries } from './api/burn-api';
import { burnsQuery } from './api/use-burns';
import { amountText, BALANCE_SHARES, shareOfBalance } from './amount-shortcuts';
import { BurnCertificateModal } from './components/burn-certificate-modal';
import { BurnReviewDialog, type BurnReview } from './components/burn-review-dialog';
import { BurnLeaderboard } from './components/burn-leaderboard';
import { RECENT_BURNS, RecentBurns } from './components/recent-burns';

export const BURN_PAGE_SIZE = 5;
const MSG_INVALID = 'Connect your wallet and enter a valid amount!';
const MSG_INSUFFICIENT = 'Insufficient balance!';
const MSG_REJECTED = 'Transaction rejected by user. Please try again.';

const filterByName = (t: Token, q: string) => t.name.toLowerCase().includes(q.trim().toLowerCase());

/** The amount field's rule: digits and one point, at most the token's decimals. */
export function acceptAmount(text: string, decimals: number): boolean {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  return !!m && (m[2] ?? '').length <= decimals;
}

export function BurnContent() {
  // What sizes the screen in view: the token on the amount's button (the config) and the recent
  // burns, whose rows decide where the leaderboard under them starts on a phone. The form paints
  // with them, so nothing in view moves when they arrive.
  useDataBeforePaint(configQuery, burnsQuery(RECENT_BURNS));
  const wallet = useWallet();
  const toast = useToast();
  const sound = useSound();
  const config = useAppConfig();
  const tx = useTransaction();
  const connected = wallet.status === 'connected' && !!wallet.address;
  const address = connected ? wallet.address : null;
  const balances = useBalances(address);

  const tokens = useMemo(() => (config.data?.tokens ?? []).filter((t) => t.burnable), [config.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const token = tokens.find((t) => t.name === chosen) ?? tokens.find((t) => t.name === 'LUCKY') ?? tokens[0];
  const [amount, setAmount] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [certificate, setCertificate] = useState<BurnInfo | null>(null);
  const [review, setReview] = useState<BurnReview | null>(null);

  const balance = token && balances.data ? balanceOf(balances.data, token.coinType) : undefined;
  const base = token ? tryParseUnits(amount, token.decimals) : null;
  const canBurn = connected && !busy && base !== null && base > 0n && balance !== undefined && base <= balance;
  const networkName = config.data?.network.name ?? 'mainnet';

  const onAmount = (text: string) => {
    if (!token || !acceptAmount(text, token.decimals)) return;
    const v = tryParseUnits(text, token.decimals);
    if (v !== null && balance !== undefined && v > balance) {
      // Capped to the whole-number floor of the balance (docs/product.md, Burn).
      const whole = formatUnits(balance, token.decimals, 0);
      setAmount(whole);
      // Every further keystroke past the balance caps again: one toast says it, not a stack.
      toast.show(`Input exceeds balance. Capped at ${formatUnits(balance, token.decimals, 0, { grouping: true })} ${token.name}.`, { type: 'info', duration: 5000, once: true });
      return;
    }
    setAmount(text);
  };

  // Ignite (or Enter) checks the amount and opens the review; only its Confirm signs.
  const openReview = () => {
    if (!token || busy) return;
    if (!connected || !address || base === null || base <= 0n) {
      toast.show(MSG_INVALID, { type: 'error', duration: 5000 });
      return;
    }
    if (balance === undefined || base > balance) {
      toast.show(MSG_INSUFFICIENT, { type: 'error', duration: 5000 });
      return;
    }
    setReview({ token, base });
  };

  // Burns exactly the reviewed amount of the reviewed token, whatever the box holds since.
  const burn = useCallback(
    async ({ token: t, base: units }: BurnReview) => {
      if (!address) return;
      setReview(null);
      setBusy(true);
      const shown = amountText(units, t.decimals);
      try {
        const { hash } = await tx.run(() => buildBurn({ sender: address, token: t.name, amount: shown }));
        sound.play('burn');
        toast.show(`Burned ${formatExactUnits(units, t.decimals, 0)} ${t.name}! Tx: ${hash.slice(0, 6)}...`, { type: 'success', duration: 10_000 });
        setAmount('');
        try {
          setCertificate(await fetchBurnWithRetries(hash));
        } catch (err) {
          toast.show(`Burn failed: ${errorMessage(err) || 'No transaction details or events found'}`, { type: 'error' });
        }
      } catch (err) {
        if (isTxError(err) && err.kind === 'rejected') toast.show(MSG_REJECTED, { type: 'error' });
        else toast.show(`Burn failed: ${errorMessage(err) || 'Unknown error'}`, { type: 'error' });
      } finally {
        setBusy(false);
      }
    },
    [address, tx, sound, toast],
  );

  const onMain = () => {
    if (!connected) {
      if (wallet.status === 'disconnected') void wallet.connect();
      return;
    }
    openReview();
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !busy) openReview();
    // Arrow keys do not change the amount (docs/product.md, Display rules).
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') e.preventDefault();
  };
  const fillShare = (percent: number) => {
    if (!token || balance === undefined) return;
    setAmount(amountText(shareOfBalance(balance, percent), token.decimals));
  };
  const sharesOff = !connected || busy || !token || balance === undefined || balance === 0n;

  let label = 'Ignite the Flames';
  if (!connected) label = wallet.status === 'connecting' ? 'Connecting...' : 'Connect Wallet';
  else if (busy) label = 'Burning...';

  let balanceText = '—';
  if (connected && token) {
    if (balances.isError) balanceText = 'Error loading';
    else if (balance !== undefined) balanceText = `${formatBalance(balance, token.decimals)} ${token.name}`;
    else balanceText = 'Loading...';
  }

  return (
    <>
      <Card tone="gold" className="mx-auto max-w-lg">
        <label htmlFor="burn-amount" className="text-sm font-semibold text-muted">
          Amount to burn
        </label>
        <div className="mt-2 flex items-stretch gap-2">
          <input
            id="burn-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={amount}
            onChange={(e) => onAmount(e.target.value)}
            onKeyDown={onKey}
            onWheel={(e) => e.currentTarget.blur()}
            disabled={busy}
            className="min-w-0 flex-1 rounded-xl border border-white/15 bg-ink-900 px-4 py-3 font-display text-2xl text-white outline-none focus:border-neon-gold"
          />
          <button
            type="button"
            onClick={() => setPickerOpen(true)}
            disabled={busy || !token}
            aria-label={token ? `Select token, current ${token.name}` : 'Select token'}
            className="flex min-w-32 items-center gap-2 rounded-xl border border-white/15 bg-ink-900 px-3 text-white hover:border-neon-gold focus-visible:border-neon-gold"
          >
            {token ? <TokenLogo src={token.logo} name={token.name} size={24} /> : <span aria-hidden className="h-6 w-6" />}
            <span className="font-semibold">{token?.name ?? '…'}</span>
            <span aria-hidden>▾</span>
          </button>
        </div>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted">
            Balance: <span className="text-white" data-testid="burn-balance">{balanceText}</span>
          </p>
          {/* Shares of the balance, floored to the base unit (amount-shortcuts.ts). */}
          <div className="flex gap-1.5" role="group" aria-label="Fill a share of your balance">
            {BALANCE_SHARES.map((p) => (
              <button
                key={p}
                type="button"
                onClick={() => fillShare(p)}
                disabled={sharesOff}
                aria-label={`${p}% of your balance`}
                className="min-h-9 min-w-11 rounded-lg border border-white/15 bg-ink-900 px-2 text-xs font-bold text-white hover:border-neon-gold focus-visible:border-neon-gold disabled:cursor-not-allowed disabled:opacity-40"
              >
                {p}%
              </button>
            ))}
            <button
              type="button"
              onClick={() => fillShare(100)}
              disabled={sharesOff}
              aria-label="Max: your whole balance"
              className="min-h-9 min-w-11 rounded-lg border border-neon-gold/50 bg-ink-900 px-2 text-xs font-bold text-neon-gold hover:border-neon-gold focus-visible:border-neon-gold disabled:cursor-not-allowed disabled:opacity-40"
            >
              Max
            </button>
          </div>
        </div>
        <Button className="mt-5 w-full" size="lg" variant="gold" onClick={onMain} disabled={connected && !canBurn}>
          {label}
        </Button>
        {/* Two blocks, not one: the address on a line of its own reads better, and one long block
            here would be the largest text on a phone's first screen, arriving after the heading. */}
        <p className="mt-4 text-xs text-muted">
          SUPRA, dexUSDC and CASH cannot be burned here. A burn is a transfer to the burn address, whose key nobody holds:
        </p>
        <p className="mt-1 text-xs">
          {/* Until the config arrives, an invisible address of the same length holds its lines. */}
          <ExplorerAnchor
            link={addressLink(config.data?.network, config.data?.network.modules.burnAddress ?? '')}
            className={`font-mono break-all text-neon-cyan hover:underline ${config.data ? '' : 'invisible'}`}
          >
            {config.data?.network.modules.burnAddress ?? `0x${'0'.repeat(64)}`}
          </ExplorerAnchor>
        </p>
      </Card>

      {/* History from the event index (internal/indexer): who burned what, and the biggest burners. */}
      <div className="mx-auto mt-8 grid max-w-5xl grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <RecentBurns />
        <BurnLeaderboard decimals={config.data?.tokens.find((t) => t.name === 'LUCKY')?.decimals ?? 6} />
      </div>

      <TokenPicker
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        tokens={tokens}
        onSelect={(t) => {
          setChosen(t.name);
          setAmount('');
        }}
        texts={{ title: 'Select Token', searchPlaceholder: 'Search tokens...', empty: 'No tokens found' }}
        filter={filterByName}
        pageSize={BURN_PAGE_SIZE}
        isSelected={(t) => t.name === token?.name}
        itemDetail={() => `supra-${networkName}`}
      />

      {busy && (
        <div role="dialog" aria-modal="true" aria-label="Burning Meme" className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4">
          <Card tone="gold" className="max-w-sm text-center">
            <div aria-hidden className="mx-auto mb-3 text-5xl">🔥</div>
            <h2 className="font-display text-2xl font-bold text-white">Burning Meme</h2>
            <p className="mt-2 text-muted">
              {tx.phase === 'signing' ? 'Confirm the transaction in your wallet' : 'Sending it to the flames...'}
            </p>
          </Card>
        </div>
      )}

      <BurnReviewDialog
        review={review}
        sender={address}
        burnAddress={config.data?.network.modules.burnAddress ?? ''}
        onCancel={() => setReview(null)}
        onConfirm={(r) => void burn(r)}
      />

      <BurnCertificateModal
        burn={certificate}
        onClose={() => setCertificate(null)}
      />
    </>
  );
}
