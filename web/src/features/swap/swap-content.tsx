import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { TokenLogo } from '@/components/ui/token-logo';
import { ApiError } from '@/lib/api';
import { decimal, formatExact, formatUnits, groupDigits, tryParseUnits } from '@/lib/amounts';
import { balanceOf, useBalances } from '@/lib/balances/use-balances';
import { configQuery, useAppConfig } from '@/lib/config';
import { externalLinkProps, txLink } from '@/lib/links';
import { txPath } from '@/lib/paths';
import { useSound } from '@/lib/sound-context';
import { useDataBeforePaint } from '@/lib/use-data-before-paint';
import { gasReserve, useGas } from '@/lib/tx/use-gas';
import { useWallet } from '@/lib/wallet/wallet-context';
import type { SwapQuote, SwapQuoteRequest } from '@/types/api';
import { useSwapQuote } from './api/use-swap-quote';
import { useSwapToken } from './api/use-swap-token';
import { RouteChoice } from './components/route-choice';
import { RouteHops, RouteLine } from './components/route-view';
import { SlippageSettings } from './components/slippage-settings';
import { SwapChart } from './components/swap-chart';
import { useDebounced } from './hooks/use-debounced';
import { useFitFont } from './hooks/use-fit-font';
import { useSlippage } from './hooks/use-slippage';
import { useSwapTx, type PartialRoute } from './hooks/use-swap-tx';
import { formatImpact, impactClass, impactTier, needsConfirm } from './utils/impact';
import { acceptAmount, spendable } from './utils/input';
import {
  TOAST_MS,
  TOAST_SUCCESS_MS,
  cappedMessage,
  minimumReceivedLabel,
  partialTitle,
  previewFailed,
  stepProgress,
  swapCompleted,
  swapText,
  unlistedWarning,
} from './utils/messages';
import { addImported, readImported } from './utils/imported';
import { clearPendingRoute, readPendingRoute } from './utils/pending-route';
import { pickRoute, type RoutePick } from './utils/route-choice';
import { flip, isSupra, pairFromLink, pickPay, pickReceive, sameType, type Pair, type SwapToken } from './utils/pair';
import { bpsToPercent } from './utils/slippage';

// What a click, a connected wallet or a swap in progress needs loads then: the token picker, the
// impact and progress dialogs, the network fee and an unfinished route's notice. A visit that
// only looks at a quote fetches none of them.
const SwapTokenPicker = lazy(() => import('./components/swap-token-picker').then((m) => ({ default: m.SwapTokenPicker })));
const ImpactDialog = lazy(() => import('./components/impact-dialog').then((m) => ({ default: m.ImpactDialog })));
const ProcessingDialog = lazy(() => import('./components/processing-dialog').then((m) => ({ default: m.ProcessingDialog })));
const SwapNetworkFee = lazy(() => import('./components/swap-network-fee').then((m) => ({ default: m.SwapNetworkFee })));
const PartialRouteNotice = lazy(() => import('./components/partial-route').then((m) => ({ default: m.PartialRouteNotice })));

/** Preview debounce and the processing overlay guard (docs/product.md, Swap). */
export const PREVIEW_DEBOUNCE_MS = 500;
export const OVERLAY_GUARD_MS = 60_000;

/** Exact decimal text of base units, trailing zeros trimmed ("1500000", 6 → "1.5"). */
function exactText(units: bigint, decimals: number): string {
  const s = formatUnits(units, decimals, decimals);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** exactText with the whole part grouped, as amounts read everywhere else ("1,433.862354"): for toasts. */
function groupedText(units: bigint, decimals: number): string {
  const [whole = '0', frac] = exactText(units, decimals).split('.');
  return frac === undefined ? groupDigits(whole) : `${groupDigits(whole)}.${frac}`;
}

/** Preview output: at most 8 decimals, floored, trailing zeros trimmed (docs/product.md, Swap). */
function previewText(units: bigint, decimals: number): string {
  const s = formatUnits(units, decimals, Math.min(decimals, 8));
  const [w = '0', f = ''] = s.split('.');
  const frac = f.replace(/0+$/, '');
  return groupDigits(w) + (frac ? '.' + frac : '');
}

function rateText(rate: string): string {
  const s = formatExact(rate, 8);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

function usdText(v: string | null): string | null {
  if (v === null) return null;
  const x = decimal(v);
  if (x.num === 0n) return '$0.00';
  if (x.num * 100n < x.den) return '< $0.01';
  return '$' + formatExact(x, 2, { mode: 'halfUp', grouping: true });
}

const quoteKey = (q: SwapQuote) => `${q.from.coinType}|${q.to.coinType}|${q.amountIn}|${q.slippageBps}|${q.route.via?.coinType ?? ''}`;

/** Swap on Dexlyn (docs/product.md, Swap). */
export function SwapContent() {
  // The token buttons are as wide as their tokens' names: the form paints once the registry is
  // known, so they do not resize (and move what is beside them) when it arrives.
  useDataBeforePaint(configQuery);
  const config = useAppConfig();
  // The registry, then the coins the user imported by type (kept in the browser).
  const [imported, setImported] = useState<SwapToken[]>(readImported);
  const tokens: SwapToken[] = useMemo(() => {
    const reg: SwapToken[] = config.data?.tokens ?? [];
    if (reg.length === 0) return reg;
    return [...reg, ...imported.filter((t) => !reg.some((r) => sameType(r.coinType, t.coinType)))];
  }, [config.data, imported]);
  const supraDecimals = config.data?.tokens.find((t) => isSupra(t))?.decimals ?? 8;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The pair of a deep link (/swap?from=SUPRA&to=LUCKY&amount=10), or the default one, until the
  // user picks another; known in the same render as the registry.
  const linked = useMemo(
    () => (tokens.length === 0 ? null : pairFromLink(tokens, params.get('from'), params.get('to'))),
    [tokens, params],
  );
  const [chosen, setPair] = useState<Pair | null>(null);
  const pair = chosen ?? linked;
  const [amount, setAmount] = useState('');
  const [slippage, setSlippage] = useSlippage();
  const [picker, setPicker] = useState<'pay' | 'receive' | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [inverted, setInverted] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [overlay, setOverlay] = useState(false);
  const [impactOpen, setImpactOpen] = useState(false);
  const [accepted, setAccepted] = useState<SwapQuote | null>(null);
  const [needsAccept, setNeedsAccept] = useState(false);
  const toast = useToast();
  const sound = useSound();
  const wallet = useWallet();
  const balances = useBalances(wallet.status === 'connected' ? wallet.address : null);
  const { execute, step } = useSwapTx();
  const [partial, setPartial] = useState<PartialRoute | null>(null);
  // A route whose step 2 never went through, remembered for this wallet: offered on return.
  const [resumed, setResumed] = useState<string | null>(null);
  useEffect(() => {
    const addr = wallet.status === 'connected' ? wallet.address : null;
    if (!addr || resumed === addr) return;
    setResumed(addr);
    const p = readPendingRoute(addr);
    if (p) setPartial(p);
  }, [wallet.status, wallet.address, resumed]);

  // The amount of a deep link, once the registry is known.
  const linkApplied = useRef(false);
  useEffect(() => {
    if (linkApplied.current || !linked) return;
    linkApplied.current = true;
    const a = params.get('amount');
    if (a && acceptAmount(a, linked.pay.decimals)) setAmount(a);
  }, [linked, params]);

  const connected = wallet.status === 'connected' && !!wallet.address;
  const pay = pair?.pay;
  const receive = pair?.receive;
  const payDecimals = pay?.decimals ?? 0;
  const inRegistry = (t: SwapToken | undefined) => !!t && t.decimals !== null;
  // An unlisted coin's balance comes with its lookup (the balances endpoint lists registry tokens only).
  const payLook = useSwapToken(connected && pay?.unlisted ? pay.coinType : null, wallet.address);
  const receiveLook = useSwapToken(connected && receive?.unlisted ? receive.coinType : null, wallet.address);
  const sideBalance = (t: SwapToken | undefined, look: typeof payLook): bigint | null => {
    if (!connected || !t) return null;
    if (t.unlisted) return look.data?.balance != null ? BigInt(look.data.balance) : null;
    return balances.data ? balanceOf(balances.data, t.coinType) : null;
  };
  const payBalance = sideBalance(pay, payLook);
  const receiveBalance = sideBalance(receive, receiveLook);
  const gas = useGas(connected);
  const reserve = gasReserve(gas.data);
  const maxPay = payBalance === null || !pay ? null : spendable(payBalance, isSupra(pay), reserve);
  const parsed = amount === '' ? null : tryParseUnits(amount, payDecimals);

  const req: SwapQuoteRequest | null = useMemo(
    () => (pay && receive && amount !== '' ? { from: pay.coinType, to: receive.coinType, amountIn: amount, slippageBps: slippage } : null),
    [pay, receive, amount, slippage],
  );
  const debounced = useDebounced(req, PREVIEW_DEBOUNCE_MS);
  const current = req !== null && JSON.stringify(req) === JSON.stringify(debounced);
  const quote = useSwapQuote(current ? debounced : null);
  // The quote as served (the best route, with the direct pool beside it when they differ), and
  // the picked route's own quote, which is what is shown, accepted and signed.
  const served = current && quote.data ? quote.data : null;
  const [routePick, setRoutePick] = useState<RoutePick>('best');
  const q = useMemo(() => (served ? pickRoute(served, routePick) : null), [served, routePick]);
  const previewError = !(current && quote.isError && !quote.isFetching)
    ? null
    : quote.error instanceof ApiError && quote.error.code === 'network_error'
      ? swapText.noBlockchain
      : previewFailed(
          quote.error instanceof ApiError && quote.error.status >= 500
            ? swapText.blockchainError
            : quote.error?.message || swapText.unknownError,
        );

  // Follow the refreshed quote; a move beyond the slippage in force needs an explicit accept.
  useEffect(() => {
    if (!q || accepted === q) return;
    if (!accepted || quoteKey(accepted) !== quoteKey(q)) {
      setAccepted(q);
      setNeedsAccept(false);
    } else if (BigInt(q.amountOut) < BigInt(accepted.minOut)) {
      setNeedsAccept(true);
    } else {
      setAccepted(q);
      setNeedsAccept(false);
    }
  }, [q, accepted]);

  const guard = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (guard.current) clearTimeout(guard.current);
  }, []);

  const setPairAndClear = (p: Pair) => {
    setPair(p);
    setAmount('');
    setAccepted(null);
    setNeedsAccept(false);
  };

  const onAmount = (text: string) => {
    if (!acceptAmount(text, payDecimals)) return;
    const v = text === '' ? null : tryParseUnits(text, payDecimals);
    if (v !== null && maxPay !== null && pay && v > maxPay) {
      const capped = exactText(maxPay, payDecimals);
      setAmount(capped);
      toast.show(cappedMessage(groupedText(maxPay, payDecimals), pay.name), { type: 'info', duration: TOAST_MS });
      return;
    }
    setAmount(text);
  };

  const explorer = useCallback(
    (hash: string): ReactNode => {
      const link = txLink(config.data?.network, hash) ?? { href: txPath(hash), internal: true };
      const href = link.href;
      const label = `${hash.slice(0, 6)}...`;
      // Toasts render outside the router: an in-app link navigates through the page's navigate.
      return link.internal ? (
        <a
          href={href}
          onClick={(e) => {
            e.preventDefault();
            void navigate(href);
          }}
          className="font-semibold text-neon-cyan underline"
        >
          {label}
        </a>
      ) : (
        <a href={href} {...externalLinkProps} className="font-semibold text-neon-cyan underline">
          {label}
        </a>
      );
    },
    [config.data, navigate],
  );

  const runSwap = async (quoteToUse: SwapQuote) => {
    if (!wallet.address) return;
    setProcessing(true);
    setOverlay(true);
    if (guard.current) clearTimeout(guard.current);
    guard.current = setTimeout(() => {
      setOverlay(false);
      toast.show(swapText.guardTimeout, { type: 'error', duration: TOAST_MS });
    }, OVERLAY_GUARD_MS);
    setPartial(null);
    const outcome = await execute(wallet.address, quoteToUse);
    if (guard.current) clearTimeout(guard.current);
    setOverlay(false);
    setProcessing(false);
    if (!outcome.ok && outcome.partial) {
      // Step 1 of the route is done and step 2 is not: say what the trader holds now and offer
      // to finish at a new price or to swap back (never "completed").
      const p = outcome.partial;
      setPartial(p);
      setAmount('');
      setAccepted(null);
      setNeedsAccept(false);
      toast.show(partialTitle(groupedText(BigInt(p.held), p.via.decimals), p.via.name), { type: 'error', duration: TOAST_MS });
      void balances.refetch();
      return;
    }
    if (outcome.ok) {
      const token = quoteToUse.to;
      const n = groupedText(BigInt(outcome.swap.received), token.decimals);
      const text = swapCompleted(n, token.name, outcome.hash);
      const head = text.slice(0, text.length - `${outcome.hash.slice(0, 6)}...`.length);
      toast.show(
        <span data-testid="swap-success">
          {head}
          {explorer(outcome.hash)}
        </span>,
        { type: 'success', duration: TOAST_SUCCESS_MS },
      );
      sound.play('coin');
      setAmount('');
      setAccepted(null);
      setNeedsAccept(false);
      void balances.refetch();
    } else {
      toast.show(
        <span>
          {outcome.message}
          {outcome.hash && <> Tx: {explorer(outcome.hash)}</>}
        </span>,
        { type: 'error', duration: TOAST_MS },
      );
    }
  };

  /** Continue from a route's step 1 output: exactly the amount held, to the route's target or back. */
  const finishPartial = (p: PartialRoute, target: { coinType: string; name: string; decimals: number; logo?: string }) => {
    const find = (ref: { coinType: string; name: string; decimals: number; logo?: string }): SwapToken =>
      tokens.find((t) => sameType(t.coinType, ref.coinType)) ?? { name: ref.name, coinType: ref.coinType, decimals: ref.decimals, logo: ref.logo, unlisted: true };
    setPartial(null);
    if (wallet.address) clearPendingRoute(wallet.address);
    setPair({ pay: find(p.via), receive: find(target) });
    setAccepted(null);
    setNeedsAccept(false);
    setAmount(exactText(BigInt(p.held), p.via.decimals));
  };

  const onMain = () => {
    if (processing) return;
    if (!connected) {
      void wallet.connect();
      return;
    }
    if (needsAccept && q) {
      setAccepted(q);
      setNeedsAccept(false);
      return;
    }
    if (parsed === null || parsed <= 0n || previewError || !accepted) {
      toast.show(swapText.checkFailed, { type: 'error', duration: TOAST_MS });
      return;
    }
    if (maxPay === null || parsed > maxPay) {
      toast.show(swapText.insufficientBalance, { type: 'error', duration: TOAST_MS });
      return;
    }
    if (needsConfirm(accepted.priceImpactBps)) {
      setImpactOpen(true);
      return;
    }
    void runSwap(accepted);
  };

  const canSwap =
    connected &&
    parsed !== null &&
    parsed > 0n &&
    maxPay !== null &&
    parsed <= maxPay &&
    !processing &&
    !previewError &&
    accepted !== null &&
    q !== null;
  const mainLabel =
    wallet.status === 'connecting'
      ? swapText.connecting
      : !connected
        ? swapText.connect
        : processing
          ? swapText.swapping
          : needsAccept
            ? swapText.acceptNewPrice
            : swapText.swap;
  const mainEnabled = wallet.status !== 'connecting' && (!connected || needsAccept ? !processing : canSwap);

  const balanceLine = (t: SwapToken | undefined, bal: bigint | null, onMax?: () => void) => {
    if (!connected || !t) return null;
    const text = balances.isError
      ? swapText.errorLoading
      : !inRegistry(t)
        ? '—'
        : bal === null
          ? '…'
          : formatUnits(bal, t.decimals ?? 0, 2, { grouping: true });
    return onMax && bal !== null ? (
      <button
        type="button"
        onClick={onMax}
        className="min-w-0 truncate text-xs text-muted hover:text-neon-cyan"
        aria-label={`Balance ${text} ${t.name}: use the maximum`}
        title={`${text} ${t.name}`}
        data-testid="pay-balance"
      >
        Balance: <span className="font-semibold text-white">{text}</span>
      </button>
    ) : (
      <span className="min-w-0 truncate text-xs text-muted" title={`${text} ${t.name}`} data-testid={onMax ? 'pay-balance' : 'receive-balance'}>
        Balance: <span className="font-semibold text-white">{text}</span>
      </span>
    );
  };

  const shown = q ?? null;
  const receiveText = shown ? previewText(BigInt(shown.amountOut), shown.to.decimals) : '';
  // Large amounts shrink to fit beside the token button; the title holds the whole value.
  const payRef = useRef<HTMLInputElement>(null);
  const receiveRef = useRef<HTMLInputElement>(null);
  useFitFont(payRef, amount);
  useFitFont(receiveRef, receiveText);
  const rate = shown
    ? inverted
      ? `1 ${shown.to.name} ≈ ${rateText(shown.inverseRate)} ${shown.from.name}`
      : `1 ${shown.from.name} ≈ ${rateText(shown.rate)} ${shown.to.name}`
    : null;
  const tier = shown ? impactTier(shown.priceImpactBps) : null;
  const slipPct = bpsToPercent(slippage);

  return (
    <>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <section aria-label="Swap" className="mx-auto w-full max-w-md">
          <div className="card-surface rounded-2xl border border-white/10 bg-ink-800/80 p-4 shadow-[0_0_40px_rgb(167_123_255/0.15)] sm:p-5">
            <div className="mb-3 flex items-center justify-between">
              <h2 className="font-display text-lg font-extrabold text-white">Dexlyn Swap</h2>
              <button
                type="button"
                aria-expanded={settingsOpen}
                aria-controls="swap-settings"
                onClick={() => setSettingsOpen((o) => !o)}
                className="rounded-lg border border-white/15 px-3 py-1.5 text-xs font-semibold text-white hover:bg-white/10"
              >
                Slippage {slipPct}%
              </button>
            </div>
            {settingsOpen && (
              <div id="swap-settings" className="mb-4 rounded-xl border border-white/10 bg-ink-900/70 p-3">
                <SlippageSettings bps={slippage} onChange={setSlippage} />
              </div>
            )}

            {/* You Pay */}
            <div className="rounded-xl border border-white/10 bg-ink-900/70 p-3">
              <div className="mb-2 flex items-center justify-between gap-2">
                <label htmlFor="swap-pay" className="text-sm font-semibold text-white">
                  {swapText.youPay}
                </label>
                {balanceLine(pay, payBalance, () => maxPay !== null && setAmount(exactText(maxPay, payDecimals)))}
              </div>
              <div className="flex items-center gap-2">
                <input
                  id="swap-pay"
                  ref={payRef}
                  title={amount || undefined}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.0"
                  value={amount}
                  disabled={processing || !pay}
                  onChange={(e) => onAmount(e.target.value.replace(',', '.'))}
                  onKeyDown={(e) => {
                    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') e.preventDefault();
                  }}
                  onWheel={(e) => e.currentTarget.blur()}
                  className="min-w-0 flex-1 bg-transparent font-display text-xl font-bold sm:text-2xl text-white placeholder:text-white/30 focus:outline-none"
                />
                <TokenButton token={pay} side="pay" disabled={processing} onClick={() => setPicker('pay')} />
              </div>
              <div className="mt-1 flex min-h-5 items-center justify-between text-xs text-muted">
                <span data-testid="usd-in">{shown ? (usdText(shown.usdIn) ?? 'USD unavailable') : ''}</span>
                {pay && isSupra(pay) && connected && reserve !== null && (
                  <span>Max keeps {exactText(reserve, 8)} SUPRA for network fees</span>
                )}
              </div>
            </div>

            <div className="relative z-10 -my-3 flex justify-center">
              <button
                type="button"
                aria-label="Flip direction"
                disabled={processing || !pair}
                onClick={() => pair && setPairAndClear(flip(pair))}
                className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-neon-violet/50 bg-ink-700 text-lg text-white shadow hover:bg-ink-600 disabled:opacity-50"
              >
                <span aria-hidden="true">⇅</span>
              </button>
            </div>

            {/* You Receive */}
            <div className="rounded-xl border border-white/10 bg-ink-900/70 p-3">
              <div className="mb-2 flex items-center justify-between gap-2">
                <label htmlFor="swap-receive" className="text-sm font-semibold text-white">
                  {swapText.youReceive}
                </label>
                {balanceLine(receive, receiveBalance)}
              </div>
              <div className="flex items-center gap-2">
                <input
                  id="swap-receive"
                  ref={receiveRef}
                  readOnly
                  placeholder="0.0"
                  value={receiveText}
                  title={receiveText || undefined}
                  className="min-w-0 flex-1 bg-transparent font-display text-xl font-bold sm:text-2xl text-white placeholder:text-white/30 focus:outline-none"
                />
                {current && quote.isFetching && !shown && <Spinner size={18} label="Calculating preview" />}
                <TokenButton token={receive} side="receive" disabled={processing} onClick={() => setPicker('receive')} />
              </div>
              <div className="mt-1 min-h-5 text-xs text-muted" data-testid="usd-out">
                {shown ? (usdText(shown.usdOut) ?? 'USD unavailable') : ''}
              </div>
            </div>

            {[pay, receive].map((t) =>
              t?.unlisted ? (
                <p
                  key={t.coinType}
                  role="note"
                  className="mt-3 rounded-lg border border-amber-400/40 bg-amber-500/10 px-3 py-2 text-xs text-amber-100"
                  data-testid="unlisted-banner"
                >
                  <span className="font-semibold">{unlistedWarning}</span>
                  <span className="mt-1 block font-mono break-all text-amber-200/90">{t.coinType}</span>
                </p>
              ) : null,
            )}

            {partial && (
              <Suspense fallback={null}>
                <PartialRouteNotice
                  partial={partial}
                  heldText={exactText(BigInt(partial.held), partial.via.decimals)}
                  onRetry={() => finishPartial(partial, partial.to)}
                  onBack={() => finishPartial(partial, partial.from)}
                  onDismiss={() => {
                    setPartial(null);
                    if (wallet.address) clearPendingRoute(wallet.address);
                  }}
                />
              </Suspense>
            )}

            {previewError && (
              <p role="alert" className="mt-3 rounded-lg border border-red-400/40 bg-red-500/10 px-3 py-2 text-sm text-red-200">
                {previewError}
              </p>
            )}

            {shown && tier && (
              <div className="mt-3 space-y-2 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <button
                    type="button"
                    onClick={() => setInverted((v) => !v)}
                    className="text-left text-white hover:text-neon-cyan"
                    aria-label={`Rate ${rate}: show the inverse`}
                    data-testid="rate"
                  >
                    {rate}
                  </button>
                  <span className={`font-semibold whitespace-nowrap ${impactClass[tier]}`} data-testid="impact" data-tier={tier}>
                    Impact {formatImpact(shown.priceImpactBps)}%
                  </span>
                </div>
                {served?.direct && (
                  <RouteChoice quote={served} pick={routePick} onPick={setRoutePick} amountText={previewText} disabled={processing} />
                )}
                <RouteLine quote={shown} />
                {canSwap && !needsAccept && wallet.address && (
                  <Suspense fallback={null}>
                    <SwapNetworkFee sender={wallet.address} quote={accepted} />
                  </Suspense>
                )}
                <button
                  type="button"
                  aria-expanded={detailsOpen}
                  aria-controls="swap-details"
                  onClick={() => setDetailsOpen((o) => !o)}
                  className="flex w-full items-center justify-between rounded-lg border border-white/10 px-3 py-2 text-white hover:bg-white/5"
                >
                  {swapText.details}
                  <span aria-hidden="true">{detailsOpen ? '▲' : '▼'}</span>
                </button>
                {detailsOpen && (
                  <dl id="swap-details" className="space-y-1.5 rounded-lg bg-ink-900/60 px-3 py-2" data-testid="swap-details">
                    <Row label={swapText.expectedOutput}>
                      {previewText(BigInt(shown.amountOut), shown.to.decimals)} {shown.to.name}
                    </Row>
                    <Row label={minimumReceivedLabel(bpsToPercent(shown.slippageBps))}>
                      {previewText(BigInt(shown.minOut), shown.to.decimals)} {shown.to.name}
                    </Row>
                    <Row label="Price Impact">
                      <span className={impactClass[tier]}>{formatImpact(shown.priceImpactBps)}%</span>
                    </Row>
                    {shown.route.hops.length === 1 && (
                      <Row label={`LP Fee (${bpsToPercent(Math.round((shown.fee.numerator * 10000) / shown.fee.scale))}%)`}>
                        {shown.fee.amountDecimal} {shown.from.name}
                      </Row>
                    )}
                    <Row label="Value">
                      {usdText(shown.usdIn) ?? 'USD unavailable'} → {usdText(shown.usdOut) ?? 'USD unavailable'}
                    </Row>
                    <RouteHops quote={shown} amountText={previewText} />
                  </dl>
                )}
              </div>
            )}

            <Button
              variant={needsAccept ? 'secondary' : 'gold'}
              size="lg"
              className="mt-4 w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
              // aria-disabled, not disabled: a disabled button drops keyboard focus to the page, which
              // happens while the swap is processing and again when the emptied amount disables it.
              aria-disabled={!mainEnabled || undefined}
              onClick={mainEnabled ? onMain : undefined}
              data-testid="swap-main"
            >
              {mainLabel}
            </Button>
            {needsAccept && (
              <p role="status" className="mt-2 text-center text-sm text-neon-gold">
                The price moved by more than your {slipPct}% slippage. Review the new output, then accept it.
              </p>
            )}
          </div>
          <p className="mt-4 text-center text-xs text-muted">
            Prices come from the Dexlyn pools on chain. Amounts are exact to the token&apos;s smallest unit.
          </p>
        </section>
        <SwapChart pay={pay} receive={receive} supraDecimals={supraDecimals} />
      </div>

      <Suspense fallback={null}>
        {picker !== null && (
          <SwapTokenPicker
            tokens={tokens}
            selected={(picker === 'receive' ? receive : pay)?.coinType}
            onClose={() => setPicker(null)}
            onSelect={(t) => {
              if (!pair) return;
              setPairAndClear(picker === 'receive' ? pickReceive(tokens, pair, t) : pickPay(tokens, pair, t));
            }}
            onImport={(t) => {
              setImported(addImported(t));
              const tok: SwapToken = { ...t, unlisted: true };
              if (pair) setPairAndClear(picker === 'receive' ? pickReceive(tokens, pair, tok) : pickPay(tokens, pair, tok));
            }}
          />
        )}
        {impactOpen && (
          <ImpactDialog
            open
            bps={accepted?.priceImpactBps ?? 0}
            onCancel={() => setImpactOpen(false)}
            onConfirm={() => {
              setImpactOpen(false);
              if (accepted) void runSwap(accepted);
            }}
          />
        )}
        {overlay && <ProcessingDialog text={step && step.of > 1 ? stepProgress(step.n, step.of) : swapText.processingBody} />}
      </Suspense>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-semibold text-white">{children}</dd>
    </div>
  );
}

function TokenButton({
  token,
  side,
  disabled,
  onClick,
}: {
  token: SwapToken | undefined;
  side: 'pay' | 'receive';
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || !token}
      aria-label={`Select token to ${side === 'pay' ? 'pay' : 'receive'}: ${token?.name ?? 'none'}`}
      data-testid={`${side}-token`}
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-white/15 bg-ink-700 py-1.5 pr-2.5 pl-1.5 font-bold text-white sm:gap-2 sm:pr-3 hover:bg-ink-600 disabled:opacity-60"
    >
      <TokenLogo src={token?.logo} name={token?.name ?? ''} size={26} />
      <span className="max-w-20 truncate sm:max-w-24">{token?.name ?? '…'}</span>
      <span aria-hidden="true" className="text-xs text-muted">
        ▼
      </span>
    </button>
  );
}
