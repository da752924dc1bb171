import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAppConfig } from '@/lib/config';
import { useWallet } from '@/lib/wallet/wallet-context';
import { balanceOf, useBalances } from '@/lib/balances/use-balances';
import { useSound } from '@/lib/sound-context';
import { potOf, usePots } from '@/features/slots/api/use-pots';
import { GameMachine } from '@/features/slots/components/game-machine';
import { RecentSpins } from '@/features/slots/components/recent-spins';
import { SpinsTicker } from '@/features/slots/components/spins-ticker';
import { OddsPanel } from '@/features/slots/components/odds-panel';
import { useSlotGame } from '@/features/slots/hooks/use-slot-game';
import type { SlotToken } from '@/types/api';
import { topPrizeExceedsPot } from '@/features/slots/utils/checks';
import { fmt2Grouped } from '@/lib/amounts';
import { useBetFields } from '@/features/slots/hooks/use-bet-fields';
import { beforeSpinError, insufficientBalanceReason } from '@/features/slots/utils/checks';
import { buildSpins } from '@/features/slots/api/build-spins';
import { slotTokens, tokenFromParam, tokenSlug } from '@/features/slots/utils/tokens';
import { SLOT_ODDS } from '@/lib/slots/paytable';
import { PlaySafePanel, formatMoment } from '@/features/slots/components/play-safe-panel';
import { usePlaySafe } from '@/features/slots/hooks/use-play-safe';
import { readSettings } from '@/features/slots/utils/play-safe-store';
import { spinGuard } from '@/features/slots/utils/play-safe';
import { totalBetUnits } from '@/features/slots/utils/amounts';
import '@/features/slots/slots.css';

// What only a connected player sees loads when there is one: the fee of the play as it stands and
// the summary of a play just made. A visit that only looks fetches neither.
const NetworkFeeFor = lazy(() => import('@/components/tx/network-fee').then((m) => ({ default: m.NetworkFeeFor })));
const RunSummaryPanel = lazy(() => import('@/features/slots/components/run-summary-panel').then((m) => ({ default: m.RunSummaryPanel })));

/** The game under the heading (slots-page.tsx); `/slots/:token` preselects a token by name. */
export function SlotsContent() {
  const config = useAppConfig();
  // The game (reels, symbols, bet fields, odds, feed) is the heaviest render of the app. A query's
  // answer re-renders synchronously, in one task; through a deferred value React mounts the game
  // in slices instead, keeping the page responsive while it loads.
  const configData = useDeferredValue(config.data);
  const tokens = useMemo(() => slotTokens(configData?.tokens ?? []), [configData]);
  const { token: param } = useParams();
  const token = tokenFromParam(tokens, param);

  if (config.isError) {
    return (
      <>
        <p role="alert" className="panel mx-auto max-w-lg p-6 text-center text-muted">
          The game could not load its token list. Please refresh the page.
        </p>
      </>
    );
  }
  if (!token) {
    return (
      <>
        <div className="flex min-h-80 items-center justify-center text-neon-cyan">
          <Spinner size={32} label="Loading the slot machine" />
        </div>
      </>
    );
  }
  return (
    <>
      <SlotGame key="game" token={token} tokens={tokens} />
    </>
  );
}

function SlotGame({ token, tokens }: { token: SlotToken; tokens: SlotToken[] }) {
  const navigate = useNavigate();
  const wallet = useWallet();
  const sound = useSound();
  const connected = wallet.status === 'connected' && !!wallet.address;
  const address = connected ? wallet.address : null;
  const balances = useBalances(address);
  const pots = usePots();

  const fields = useBetFields({ minBet: token.slots.minBet, tokenName: token.name, decimals: token.decimals });
  const { bet, spins } = fields;

  // The balance shown (and checked) is fresh only after a token change's re-read.
  const [balanceFreshAfter, setBalanceFreshAfter] = useState(0);
  const balanceFresh = !!balances.data && balances.dataUpdatedAt >= balanceFreshAfter && !balances.isError;
  const balance = connected && balanceFresh ? balanceOf(balances.data, token.coinType) : undefined;
  const pot = pots.isError ? null : potOf(pots.data, token.coinType);

  const safe = usePlaySafe(address);
  // The player's own limits, judged right before a play is built, from storage as it is now (another
  // tab may have started a cool-off) and the clock as it is now.
  const guard = () =>
    address
      ? spinGuard({
          settings: readSettings(address),
          counted: safe.countedKnown,
          coinType: token.coinType,
          tokenName: token.name,
          decimals: token.decimals,
          totalBet: totalBetUnits(bet, spins, token.decimals),
          now: safe.clock(),
          formatTime: formatMoment,
        })
      : null;
  const game = useSlotGame({ token, address, connected, bet, spins, pot, balance, guard });
  const busy = game.phase !== 'idle';

  // Changing the token resets the bet to its minimum and the balance display to 0.00 until the
  // balances are read again (docs/product.md, Slots).
  const prevToken = useRef(token.name);
  useEffect(() => {
    if (prevToken.current === token.name) return;
    prevToken.current = token.name;
    fields.resetBet(token.slots.minBet);
    // The last result belongs to the old token: its highlight and message go with it.
    game.clearResult();
    setBalanceFreshAfter(Date.now());
    if (address) void balances.refetch();
    // Runs on a token change only (the ref guards it); the other values are read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token.name]);

  // The transaction refreshes balances and pots as soon as it is final; while the reels replay,
  // the chips keep the values from before the spin so they never give the result away.
  const balanceText = balance === undefined ? '0.00' : fmt2Grouped(balance, token.decimals);
  const potText = pot === undefined ? '…' : pot === null ? 'Error' : fmt2Grouped(pot, token.decimals);
  const shownChips = useRef({ balanceText, potText });
  if (!busy) shownChips.current = { balanceText, potText };

  // The background loop starts with sound on the first gesture here and stops when leaving the page.
  useEffect(() => () => sound.stopBackground(), [sound]);

  /** The main button: "Connect Wallet" connects; "Spin Now" spins. */
  const onMain = () => {
    if (busy) return;
    if (!connected) {
      if (wallet.status === 'disconnected') {
        sound.startBackground();
        void wallet.connect();
      }
      return;
    }
    fields.checkAll();
    void game.spin();
  };

  /** Enter in the bet or spins field means "spin": every before-spinning check applies, the
   * wallet one included ("Please connect your wallet first!"). */
  const onEnter = () => {
    if (busy) return;
    fields.checkAll();
    void game.spin();
  };

  // Spin Now is disabled, with this reason under it, while the balance cannot cover the total bet.
  // The player's own limits come first: a cool-off or a loss limit says what to do about it. The
  // line reads the last totals known (no flicker while they are read again after a play); the press
  // itself (guard, above) waits for the current ones.
  const safetyReason =
    address && !busy
      ? spinGuard({
          settings: safe.settings,
          counted: safe.counted,
          coinType: token.coinType,
          tokenName: token.name,
          decimals: token.decimals,
          totalBet: totalBetUnits(bet, spins, token.decimals),
          now: safe.now,
          formatTime: formatMoment,
        })
      : null;
  const blockedReason =
    connected && !busy ? (safetyReason ?? insufficientBalanceReason(bet, spins, balance, token.decimals, token.name)) : null;

  // The network fee of the play as it stands, shown before Spin Now signs it; asked only for a play
  // the app would send (a refused preview would be an error for nothing).
  const spinnable =
    !!address &&
    !busy &&
    !blockedReason &&
    !beforeSpinError({ connected, tokenName: token.name, decimals: token.decimals, minBet: token.slots.minBet, bet, spins, pot, balance });
  const networkFee = spinnable ? (
    <Suspense fallback={null}>
      <NetworkFeeFor
        feeKey={['spin', address, token.name, bet, spins]}
        build={() => buildSpins({ sender: address, token: token.name, betPerSpin: bet, spins: Number(spins) })}
      />
    </Suspense>
  ) : null;

  const selectToken = (t: SlotToken) => {
    if (t.name !== token.name) navigate(`/slots/${tokenSlug(t)}`, { replace: true });
  };

  const potWarning =
    topPrizeExceedsPot(bet, token.decimals, pot) && pot !== null && pot !== undefined
      ? `One Super Jackpot (${SLOT_ODDS.topPrize} your bet of ${bet} ${token.name}) would be more than the ${token.name} house pot (${fmt2Grouped(pot, token.decimals)} ${token.name}). The contract refuses a play it cannot pay, so lower the bet or pick another token.`
      : null;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="lg:col-span-2">
        <SpinsTicker tokens={tokens} frozen={busy} />
      </div>
      <GameMachine
        token={token}
        tokens={tokens}
        onSelectToken={selectToken}
        connected={connected}
        walletStatus={wallet.status}
        fields={fields}
        blockedReason={blockedReason}
        onMain={onMain}
        onEnter={onEnter}
        balanceText={shownChips.current.balanceText}
        potText={shownChips.current.potText}
        game={game}
        potWarning={potWarning}
        networkFee={networkFee}
      />
      <aside className="min-w-0 space-y-6" aria-label="Game information">
        {game.last && (
          <Suspense fallback={null}>
            <RunSummaryPanel last={game.last} />
          </Suspense>
        )}
        <PlaySafePanel address={address} token={token} tokens={tokens} frozen={busy} safe={safe} />
        <OddsPanel />
        <RecentSpins address={address} tokens={tokens} frozen={busy} />
      </aside>
    </div>
  );
}
