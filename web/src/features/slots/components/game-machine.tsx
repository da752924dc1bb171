import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { WarningIcon } from '@/components/ui/content-icons';
import { TokenLogo } from '@/components/ui/token-logo';
import type { WalletStatus } from '@/lib/wallet/types';
import { ReelsView } from '@/features/slots/components/reels';
import { StatChip } from '@/features/slots/components/stat-chip';
import {
  BoltIcon,
  ChevronDownIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  InfoIcon,
  SkipIcon,
  TrophyIcon,
} from '@/features/slots/components/icons';
import { useFullscreen } from '@/features/slots/hooks/use-fullscreen';
import type { useSlotGame } from '@/features/slots/hooks/use-slot-game';
import type { BetFields } from '@/features/slots/hooks/use-bet-fields';
import { ResultLine } from '@/features/slots/components/result-line';
import { BetInputs } from '@/features/slots/components/bet-inputs';
import type { SlotToken } from '@/types/api';
import { fmt2Grouped } from '@/lib/amounts';
import { totalBetText } from '@/features/slots/utils/amounts';
import { SLOT_ODDS } from '@/lib/slots/paytable';

// The two dialogs load when first opened: a visit that only looks never fetches them.
const PaytableModal = lazy(() => import('@/features/slots/components/paytable-modal').then((m) => ({ default: m.PaytableModal })));
const TokenSelectorModal = lazy(() => import('@/features/slots/components/token-selector-modal').then((m) => ({ default: m.TokenSelectorModal })));

export interface GameMachineProps {
  token: SlotToken;
  tokens: readonly SlotToken[];
  onSelectToken: (t: SlotToken) => void;
  connected: boolean;
  walletStatus: WalletStatus;
  fields: BetFields;
  /** Why Spin Now cannot spin (balance below the total bet), shown under it; null when it can. */
  blockedReason: string | null;
  onMain: () => void;
  onEnter: () => void;
  balanceText: string;
  potText: string;
  game: ReturnType<typeof useSlotGame>;
  potWarning: string | null;
  /** The play's network fee, shown under Spin Now before it signs; null when there is no play to price. */
  networkFee: ReactNode;
}

const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-xl border border-white/15 bg-ink-900/60 text-white/85 transition ' +
  'hover:border-neon-cyan/60 hover:text-neon-cyan disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-white/15 disabled:hover:text-white/85';

export function GameMachine(p: GameMachineProps) {
  const { token, game, fields } = p;
  const machineRef = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(machineRef);
  const [selectorOpen, setSelectorOpen] = useState(false);
  const [paytableOpen, setPaytableOpen] = useState(false);
  const busy = game.phase !== 'idle';
  const mainRef = useRef<HTMLButtonElement>(null);
  // After a play, focus is back on Spin Now: the wallet's prompt or a control that went away during
  // the replay (Skip) would otherwise leave it on the page, and the next play would be many Tabs away.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    const inMachine = !!active && !!machineRef.current?.contains(active);
    if (lost || inMachine) mainRef.current?.focus({ preventScroll: true });
  }, [busy]);
  const connecting = p.walletStatus === 'connecting';
  const blocked = p.connected && !busy && !!p.blockedReason;
  const last = game.last;
  const showTotalWon = !!last && last.totalPrize > 0n && last.token === token.name;

  let mainLabel: string;
  if (!p.connected) mainLabel = connecting ? 'Connecting...' : 'Connect Wallet';
  else mainLabel = busy ? `Spinning (${game.remaining})` : 'Spin Now';

  return (
    <section
      ref={machineRef}
      aria-label="Slot machine"
      className="relative overflow-hidden rounded-3xl border-2 border-neon-pink/50 bg-gradient-to-b from-ink-700/95 via-ink-800/95 to-ink-900/95 p-3 shadow-[0_0_60px_rgb(255_61_200/0.2)] sm:p-6 [&:fullscreen]:flex [&:fullscreen]:flex-col [&:fullscreen]:justify-center [&:fullscreen]:overflow-y-auto [&:fullscreen]:rounded-none [&:fullscreen]:bg-ink-900"
    >
      <Lights />
      <div className="mx-auto w-full max-w-3xl">
        {/* Top bar: token, jackpot, paytable, fullscreen (the header holds the one sound control) */}
        <div className="mb-3 flex items-center gap-2 sm:mb-4">
          <button
            type="button"
            onClick={() => setSelectorOpen(true)}
            disabled={busy}
            aria-label={`Select token (current: ${token.name})`}
            aria-haspopup="dialog"
            className="inline-flex h-10 min-w-0 items-center gap-2 rounded-xl border border-neon-cyan/50 bg-neon-cyan/10 px-2.5 font-bold text-white transition hover:bg-neon-cyan/20 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <TokenLogo src={token.logo} name={token.name} size={24} />
            <span className="truncate" data-testid="selected-token">
              {token.name}
            </span>
            <ChevronDownIcon size={16} className="shrink-0 text-neon-cyan" />
          </button>
          <span
            title={`Top prize: ${SLOT_ODDS.topPrize} your bet per spin`}
            data-testid="jackpot-badge"
            className="ml-auto hidden h-10 items-center gap-1.5 rounded-xl border border-neon-gold/60 bg-neon-gold/10 px-3 text-sm font-black tracking-wide text-neon-gold shadow-[0_0_18px_rgb(255_201_64/0.25)] lg:inline-flex"
          >
            <TrophyIcon size={16} />
            Jackpot: {SLOT_ODDS.topPrize}
          </span>
          <div className="ml-auto flex items-center gap-2 lg:ml-0">
            <button type="button" onClick={() => setPaytableOpen(true)} disabled={busy} aria-label="Paytable" aria-haspopup="dialog" className={iconButton}>
              <InfoIcon size={18} />
            </button>
            <button
              type="button"
              onClick={() => void fullscreen.toggle()}
              aria-pressed={fullscreen.active}
              aria-label={fullscreen.active ? 'Exit fullscreen' : 'Fullscreen'}
              className={iconButton}
            >
              {fullscreen.active ? <ExitFullscreenIcon size={18} /> : <FullscreenIcon size={18} />}
            </button>
          </div>
        </div>

        {/* Chips */}
        <div className={`mb-3 grid gap-2 sm:mb-4 ${showTotalWon ? 'grid-cols-3' : 'grid-cols-2'}`}>
          <StatChip label="Balance" value={p.connected ? p.balanceText : '—'} unit={token.name} tone="cyan" testId="chip-balance" />
          <StatChip label="House Pot" value={p.potText} unit={token.name} tone="pink" testId="chip-pot" />
          {showTotalWon && last && (
            <StatChip label="Total Won" value={fmt2Grouped(last.totalPrize, last.decimals)} unit={token.name} tone="gold" testId="chip-total-won" />
          )}
        </div>

        <ReelsView symbols={game.reels.symbols} spinning={game.reels.spinning} highlight={game.reels.highlight} />
        <ResultLine notice={game.notice} />

        <form onSubmit={(e) => e.preventDefault()} className="mt-2 sm:mt-3" noValidate aria-label="Bet">
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_auto] sm:gap-3">
            <BetInputs fields={fields} tokenName={token.name} busy={busy} onEnter={p.onEnter} />
            <div className="col-span-2 flex items-center justify-between rounded-xl border border-white/10 bg-ink-950/60 px-3 py-2 sm:col-span-1 sm:block sm:min-w-36 sm:text-right">
              <div className="text-[10px] font-bold tracking-[0.18em] text-muted uppercase">Total Bet</div>
              <div className="font-mono text-base font-bold text-white sm:text-lg" data-testid="total-bet">
                {totalBetText(fields.bet, fields.spins)} <span className="text-xs text-neon-gold">{token.name}</span>
              </div>
            </div>
          </div>

          {/* aria-disabled, not disabled: a disabled button loses keyboard focus to the page the
              moment the spin starts; this one keeps it, and onMain ignores presses while busy. */}
          <button
            ref={mainRef}
            type="button"
            onClick={p.onMain}
            aria-disabled={busy || connecting || blocked ? true : undefined}
            aria-busy={busy || connecting}
            aria-describedby={blocked ? 'spin-blocked-reason' : undefined}
            data-testid="main-button"
            data-blocked={blocked ? 'true' : undefined}
            className={`mt-3 inline-flex h-14 w-full items-center justify-center gap-3 rounded-2xl font-display text-lg font-black tracking-[0.12em] uppercase transition aria-disabled:cursor-not-allowed aria-disabled:hover:brightness-100 aria-disabled:active:scale-100 sm:mt-4 sm:h-16 sm:text-xl ${
              blocked
                ? // Refused by a rule: plainly off, not a dimmed version of the live button.
                  'border-2 border-dashed border-white/25 bg-ink-950/80 text-white/45'
                : 'bg-gradient-to-r from-neon-gold via-[#ff9f1c] to-neon-pink text-ink-950 shadow-[0_0_32px_rgb(255_201_64/0.45)] hover:brightness-110 active:scale-[0.99] aria-disabled:opacity-80'
            }`}
          >
            {(busy || connecting) && <Spinner size={20} label={mainLabel} />}
            {mainLabel}
          </button>
          {blocked && (
            <p
              id="spin-blocked-reason"
              data-testid="spin-blocked-reason"
              className="mt-2 flex items-start gap-2 rounded-xl border border-neon-pink/50 bg-neon-pink/10 px-3 py-2 text-sm text-white"
            >
              <WarningIcon size={16} className="mt-0.5 shrink-0 text-neon-pink" />
              <span>{p.blockedReason}</span>
            </p>
          )}
          {p.networkFee && <div className="mt-2">{p.networkFee}</div>}
        </form>

        <div className="mt-3 flex items-center justify-between gap-3">
          <button
            type="button"
            role="switch"
            aria-checked={game.turbo}
            onClick={() => game.setTurbo(!game.turbo)}
            className="group inline-flex items-center gap-2 rounded-lg text-sm font-bold text-white/85 select-none"
          >
            <span
              aria-hidden="true"
              className={`relative inline-block h-6 w-11 rounded-full border transition after:absolute after:top-0.5 after:left-0.5 after:h-4.5 after:w-4.5 after:rounded-full after:transition ${
                game.turbo
                  ? 'border-neon-cyan bg-neon-cyan/30 after:translate-x-5 after:bg-neon-cyan'
                  : 'border-white/20 bg-ink-950 after:bg-white/80'
              }`}
            />
            <BoltIcon size={16} className="text-neon-cyan" />
            Turbo
          </button>
          {game.phase === 'replaying' ? (
            <button
              type="button"
              onClick={game.skip}
              className="inline-flex h-9 items-center gap-1.5 rounded-xl border border-neon-pink/60 bg-neon-pink/10 px-3 text-sm font-bold text-white hover:bg-neon-pink/20"
            >
              <SkipIcon size={16} />
              Skip
            </button>
          ) : (
            <span className="text-right text-xs text-muted">{busy ? statusText(game.txPhase) : 'Up to 1000 spins, one signature'}</span>
          )}
        </div>

        {p.potWarning && (
          <p role="note" className="mt-3 flex items-start gap-2 rounded-xl border border-neon-gold/50 bg-neon-gold/10 p-3 text-sm text-neon-gold">
            <WarningIcon size={18} className="mt-0.5 shrink-0" />
            <span>{p.potWarning}</span>
          </p>
        )}
      </div>

      <Suspense fallback={null}>
        {selectorOpen && (
          <TokenSelectorModal open onClose={() => setSelectorOpen(false)} tokens={p.tokens} selected={token.name} onSelect={p.onSelectToken} />
        )}
        {paytableOpen && <PaytableModal open onClose={() => setPaytableOpen(false)} potWarning={p.potWarning} />}
      </Suspense>
    </section>
  );
}

function statusText(phase: string): string {
  if (phase === 'building') return 'Preparing your spins…';
  if (phase === 'signing') return 'Confirm in your wallet…';
  if (phase === 'confirming') return 'Waiting for the chain…';
  return 'Spinning…';
}

function Lights() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-x-6 top-1.5 flex justify-between">
      {Array.from({ length: 14 }, (_, i) => (
        <span
          key={i}
          className={`h-1.5 w-1.5 rounded-full ${i % 2 ? 'bg-neon-gold animate-marquee' : 'bg-neon-pink animate-marquee-alt'} shadow-[0_0_8px_currentColor]`}
        />
      ))}
    </div>
  );
}
