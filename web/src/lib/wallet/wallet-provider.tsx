import { QueryClientContext, useQuery, type QueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { configQuery, configQueryKey } from '@/lib/config';
import { starkeyAppLink } from '@/lib/links';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { detectProvider, injectedProvider } from './detect';
import { connectFailedModal, errorMessage, isUserRejection, unknownNetworkMessage } from './errors';
import { PROVIDER_GIVE_UP_MS, PROVIDER_POLL_MS, REDIRECT_DELAY_MS, walletText } from './messages';
import type { AppConfig } from '@/types/api';
import { WalletContext, WalletUiContext, type WalletContextValue, type WalletUiValue } from './wallet-context';
import type { RawChainId, SupraProvider, WalletEvent, WalletNetwork, WalletNotice, WalletStatus } from './types';

export interface WalletEngineOptions {
  /** Where to look for the provider (default `window.starkey?.supra`). */
  getProvider?: () => SupraProvider | undefined;
  /** Navigates to the StarKey app page when no wallet is found (default `location.assign`). */
  redirect?: (url: string) => void;
  pollMs?: number;
  giveUpMs?: number;
  redirectDelayMs?: number;
  /** Reconnect silently on load when the wallet already reports accounts (default true). */
  autoReconnect?: boolean;
}

interface CoreState {
  status: WalletStatus;
  address: string | null;
  chainId: string | null;
  provider: SupraProvider | null;
}

const DISCONNECTED: CoreState = { status: 'disconnected', address: null, chainId: null, provider: null };

const FALLBACK_LABELS: Record<string, string> = { '6': 'Supra Testnet', '8': 'Supra Mainnet' };

function toWalletNetwork(cfg: AppConfig | undefined): WalletNetwork | null {
  if (!cfg) return null;
  return { name: cfg.network.name, label: cfg.network.label, chainId: cfg.network.chainId };
}

function labelFor(cfg: AppConfig | undefined, chainId: string | null): string {
  if (chainId == null) return '';
  if (cfg && String(cfg.network.chainId) === chainId) return cfg.network.label;
  return FALLBACK_LABELS[chainId] ?? chainId;
}

function knownIds(cfg: AppConfig): string[] {
  const ids = (cfg.knownChainIds?.length ? cfg.knownChainIds : [6, 8]).map(String);
  const target = String(cfg.network.chainId);
  return ids.includes(target) ? ids : [...ids, target];
}

async function readChainId(p: SupraProvider): Promise<string> {
  const res = await p.getChainId();
  const id = res && typeof res === 'object' ? res.chainId : (res as RawChainId | null | undefined);
  if (id === undefined || id === null || String(id) === '') throw new Error('No chain id');
  return String(id);
}

async function readAccounts(p: SupraProvider): Promise<string[]> {
  const fn = p.accounts ?? p.account;
  if (!fn) return [];
  const accs = await fn.call(p);
  return Array.isArray(accs) ? accs.filter((a) => typeof a === 'string' && a !== '') : [];
}

function invalidateAccountData(qc: QueryClient) {
  void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== configQueryKey[0] });
}

/** The server-state cache: one provided above (a test's), else the app's (the app has no provider at the top). */
function useWalletQueryClient(): QueryClient {
  return useContext(QueryClientContext) ?? appQueryClient;
}

/**
 * The wallet state machine (docs/product.md, Wallet): disconnected → connecting (overlay) → connected,
 * the events accountChanged / networkChanged / disconnect, the network pop-up and the wallet
 * messages. One runs for the whole app. It draws nothing itself: the dialogs and toasts are
 * features/wallet/components/wallet-overlays.tsx and wallet-toasts.tsx, fed by useWalletUi().
 */
function useWalletEngine({
  getProvider = injectedProvider,
  redirect = (url) => window.location.assign(url),
  pollMs = PROVIDER_POLL_MS,
  giveUpMs = PROVIDER_GIVE_UP_MS,
  redirectDelayMs = REDIRECT_DELAY_MS,
  autoReconnect = true,
}: WalletEngineOptions): { value: WalletContextValue; ui: WalletUiValue } {
  const queryClient = useWalletQueryClient();
  const listeners = useRef(new Set<(e: WalletEvent) => void>());
  const emit = useCallback((e: WalletEvent) => {
    for (const fn of listeners.current) fn(e);
  }, []);
  const subscribeUi = useCallback((fn: (e: WalletEvent) => void) => {
    listeners.current.add(fn);
    return () => void listeners.current.delete(fn);
  }, []);
  const { data: config } = useQuery(configQuery, queryClient);

  const [core, setCoreState] = useState<CoreState>(DISCONNECTED);
  const coreRef = useRef<CoreState>(DISCONNECTED);
  const setCore = useCallback((next: CoreState) => {
    coreRef.current = next;
    setCoreState(next);
  }, []);

  const [notice, setNotice] = useState<WalletNotice | null>(null);
  /** Chain id the wallet is on when the switch pop-up is open. */
  const [promptFrom, setPromptFrom] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);

  // Keep the latest values reachable from wallet event handlers (subscribed once).
  const deps = useRef({ emit, queryClient, getProvider, redirect, pollMs, giveUpMs, redirectDelayMs });
  deps.current = { emit, queryClient, getProvider, redirect, pollMs, giveUpMs, redirectDelayMs };

  /** Bumped by every connect, disconnect and cancel, so a stale async step never lands. */
  const attempt = useRef(0);
  const subscribed = useRef(new WeakSet<object>());
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const loadConfig = useCallback(() => deps.current.queryClient.fetchQuery(configQuery), []);

  const clearAll = useCallback(() => {
    attempt.current++;
    setCore(DISCONNECTED);
    setPromptFrom(null);
    setSwitching(false);
  }, [setCore]);

  /**
   * Applies a detected chain id while connected: the target closes the pop-up (and toasts), another
   * known network opens the pop-up, an unknown one shows the product's modal.
   */
  const applyNetwork = useCallback(
    (cfg: AppConfig, chainId: string, opts: { toast: boolean }) => {
      const cur = coreRef.current;
      if (cur.status !== 'connected') return;
      if (cur.chainId !== chainId) setCore({ ...cur, chainId });
      const target = String(cfg.network.chainId);
      if (chainId === target) {
        setPromptFrom(null);
        if (opts.toast) deps.current.emit({ type: 'networkConnected', label: cfg.network.label });
      } else if (knownIds(cfg).includes(chainId)) {
        setPromptFrom(chainId);
      } else {
        setPromptFrom(null);
        setNotice({ kind: 'error', message: unknownNetworkMessage(chainId) });
      }
    },
    [setCore],
  );

  const onAccountChanged = useCallback(
    (accounts: string[]) => {
      if (coreRef.current.status !== 'connected') return;
      const next = Array.isArray(accounts) ? accounts[0] : undefined;
      if (!next) {
        clearAll();
      } else if (next !== coreRef.current.address) {
        setCore({ ...coreRef.current, address: next });
      }
      invalidateAccountData(deps.current.queryClient);
    },
    [clearAll, setCore],
  );

  const onNetworkChanged = useCallback(
    async (p: SupraProvider, data: { chainId?: RawChainId } | null | undefined) => {
      if (coreRef.current.status !== 'connected') return;
      const at = attempt.current;
      let chainId: string;
      try {
        chainId = await readChainId(p);
      } catch {
        if (data?.chainId === undefined || data.chainId === null) return;
        chainId = String(data.chainId);
      }
      let cfg: AppConfig;
      try {
        cfg = await loadConfig();
      } catch {
        setNotice({ kind: 'error', message: walletText.networkInit });
        return;
      }
      if (at !== attempt.current) return;
      applyNetwork(cfg, chainId, { toast: true });
      invalidateAccountData(deps.current.queryClient);
    },
    [applyNetwork, loadConfig],
  );

  const handlers = useRef({ onAccountChanged, onNetworkChanged, clearAll });
  handlers.current = { onAccountChanged, onNetworkChanged, clearAll };

  const subscribe = useCallback(
    (p: SupraProvider) => {
      if (subscribed.current.has(p)) return;
      subscribed.current.add(p);
      p.on('accountChanged', (accs) => handlers.current.onAccountChanged(accs));
      p.on('networkChanged', (data) => void handlers.current.onNetworkChanged(p, data));
      p.on('disconnect', () => handlers.current.clearAll());
    },
    [],
  );

  const connect = useCallback(async () => {
    if (coreRef.current.status === 'connecting') return;
    const at = ++attempt.current;
    const alive = () => attempt.current === at;
    const { emit: emitEvent, getProvider: gp, pollMs: poll, giveUpMs: giveUp } = deps.current;
    setNotice(null);
    setCore({ ...DISCONNECTED, status: 'connecting' });

    const fail = (message: string, modal: string) => {
      if (!alive()) return;
      setCore(DISCONNECTED);
      setNotice({ kind: 'error', message: modal });
      emitEvent({ type: 'connectFailed', message });
    };

    const p = await detectProvider({ getProvider: gp, pollMs: poll, giveUpMs: giveUp });
    if (!alive()) return;
    if (!p) {
      setCore(DISCONNECTED);
      setNotice({ kind: 'notDetected', message: walletText.notDetected });
      clearTimeout(redirectTimer.current);
      redirectTimer.current = setTimeout(
        () => deps.current.redirect(starkeyAppLink(window.location.href)),
        deps.current.redirectDelayMs,
      );
      return;
    }
    subscribe(p);

    let accounts: string[];
    try {
      accounts = await p.connect();
    } catch (err) {
      const msg = errorMessage(err);
      fail(msg, connectFailedModal(msg));
      return;
    }
    if (!alive()) return;
    const address = Array.isArray(accounts) ? accounts.find((a) => typeof a === 'string' && a !== '') : undefined;
    if (!address) {
      fail(walletText.noAccounts, connectFailedModal(walletText.noAccounts));
      return;
    }

    let cfg: AppConfig;
    let chainId: string;
    try {
      cfg = await loadConfig();
      chainId = await readChainId(p);
    } catch {
      fail(walletText.networkInit, walletText.networkInit);
      return;
    }
    if (!alive()) return;
    if (!knownIds(cfg).includes(chainId)) {
      const msg = unknownNetworkMessage(chainId);
      fail(msg, msg);
      return;
    }

    setCore({ status: 'connected', address, chainId, provider: p });
    emitEvent({ type: 'connected' });
    applyNetwork(cfg, chainId, { toast: true });
    invalidateAccountData(deps.current.queryClient);
  }, [applyNetwork, loadConfig, setCore, subscribe]);

  const disconnect = useCallback(async () => {
    const p = coreRef.current.provider;
    clearAll();
    if (p) {
      try {
        await p.disconnect();
      } catch {
        // the local state is already cleared; nothing else to undo
      }
    }
  }, [clearAll]);

  const cancelConnect = useCallback(() => {
    if (coreRef.current.status !== 'connecting') return;
    clearAll();
  }, [clearAll]);

  const switchNetwork = useCallback(async () => {
    const p = coreRef.current.provider;
    if (!p || coreRef.current.status !== 'connected') return;
    setSwitching(true);
    let cfg: AppConfig;
    try {
      cfg = await loadConfig();
    } catch {
      setSwitching(false);
      setNotice({ kind: 'error', message: walletText.networkInit });
      return;
    }
    const target = String(cfg.network.chainId);
    let failure: unknown = null;
    try {
      await p.changeNetwork({ chainId: target });
    } catch (err) {
      failure = err;
    }
    // Some wallets switch and still reject, or resolve without an event: read it back.
    let now: string | null = null;
    try {
      now = await readChainId(p);
    } catch {
      now = null;
    }
    setSwitching(false);
    if (coreRef.current.status !== 'connected' || coreRef.current.provider !== p) return;
    if (now !== null && now !== coreRef.current.chainId) {
      applyNetwork(cfg, now, { toast: true });
      return;
    }
    if (now === target) return; // already applied by the networkChanged event
    if (failure !== null) {
      deps.current.emit({
        type: 'switchFailed',
        message: isUserRejection(failure) ? walletText.userRejected : errorMessage(failure) || walletText.userRejected,
      });
    }
  }, [applyNetwork, loadConfig]);

  // Silent re-connect on load: StarKey remembers connected sites and reports their accounts.
  useEffect(() => {
    if (!autoReconnect) return;
    const ctrl = new AbortController();
    const at = attempt.current;
    const { getProvider: gp, pollMs: poll, giveUpMs: giveUp } = deps.current;
    void (async () => {
      const p = await detectProvider({ getProvider: gp, pollMs: poll, giveUpMs: giveUp, signal: ctrl.signal });
      if (!p || ctrl.signal.aborted) return;
      subscribe(p);
      try {
        const accounts = await readAccounts(p);
        if (!accounts[0] || ctrl.signal.aborted || attempt.current !== at) return;
        const cfg = await loadConfig();
        const chainId = await readChainId(p);
        if (ctrl.signal.aborted || attempt.current !== at || coreRef.current.status !== 'disconnected') return;
        if (!knownIds(cfg).includes(chainId)) return;
        setCore({ status: 'connected', address: accounts[0], chainId, provider: p });
        applyNetwork(cfg, chainId, { toast: false });
      } catch {
        // stay disconnected; the user can connect by hand
      }
    })();
    return () => ctrl.abort();
  }, [autoReconnect, applyNetwork, loadConfig, setCore, subscribe]);

  const network = useMemo(() => toWalletNetwork(config), [config]);
  const networkLabel = useCallback((id: string | null) => labelFor(config, id), [config]);
  const isTargetNetwork =
    core.status === 'connected' && network !== null && core.chainId === String(network.chainId);

  const value = useMemo<WalletContextValue>(
    () => ({
      status: core.status,
      address: core.status === 'connected' ? core.address : null,
      chainId: core.status === 'connected' ? core.chainId : null,
      network,
      isTargetNetwork,
      connect,
      disconnect,
      provider: core.status === 'connected' ? core.provider : null,
      switchNetwork,
      networkLabel,
    }),
    [core, network, isTargetNetwork, connect, disconnect, switchNetwork, networkLabel],
  );

  const promptLabel = promptFrom !== null ? labelFor(config, promptFrom) : null;
  const ui = useMemo<WalletUiValue>(
    () => ({
      connecting: core.status === 'connecting',
      cancelConnect,
      notice,
      dismissNotice: () => setNotice(null),
      starkeyUrl: notice?.kind === 'notDetected' ? starkeyAppLink(window.location.href) : undefined,
      prompt:
        promptLabel !== null && core.status === 'connected' && network
          ? { fromLabel: promptLabel, targetLabel: network.label, switching }
          : null,
      closePrompt: () => setPromptFrom(null),
      switchNetwork,
      subscribe: subscribeUi,
    }),
    [core.status, cancelConnect, notice, promptLabel, network, switching, switchNetwork, subscribeUi],
  );

  return { value, ui };
}

export interface WalletProviderProps extends WalletEngineOptions {
  children: ReactNode;
}

/** The wallet for the components under it: useWallet() and useWalletUi() read it. */
export function WalletProvider({ children, ...options }: WalletProviderProps) {
  const { value, ui } = useWalletEngine(options);
  return (
    <WalletContext.Provider value={value}>
      <WalletUiContext.Provider value={ui}>{children}</WalletUiContext.Provider>
    </WalletContext.Provider>
  );
}

/**
 * The state machine for a provider that is already drawn (app/wallet-shell.tsx loads this after
 * the first paint): it hands each new state to `onChange`, and gives it at once to `children`
 * (the wallet's dialogs and toasts), which so listen before the first event. Each time
 * `connectRequests` goes up it connects: the user pressed Connect before this had loaded.
 */
export function WalletEngine({
  onChange,
  connectRequests = 0,
  children,
}: {
  onChange: (state: { value: WalletContextValue; ui: WalletUiValue }) => void;
  connectRequests?: number;
  children?: ReactNode;
}) {
  const { value, ui } = useWalletEngine({});
  useEffect(() => onChange({ value, ui }), [onChange, value, ui]);
  const connect = value.connect;
  const handled = useRef(0);
  useEffect(() => {
    if (connectRequests <= handled.current) return;
    handled.current = connectRequests;
    void connect();
  }, [connectRequests, connect]);
  return (
    <WalletContext.Provider value={value}>
      <WalletUiContext.Provider value={ui}>{children}</WalletUiContext.Provider>
    </WalletContext.Provider>
  );
}
