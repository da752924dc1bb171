import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useToast, type ToastType } from '@/components/ui/toast-context';
import { configQuery, useAppConfig } from '@/lib/config';
import { isTxError } from '@/lib/tx/tx-error';
import { useNetworkFee } from '@/lib/tx/use-network-fee';
import { useTransaction } from '@/lib/tx/use-transaction';
import { useDataBeforePaint } from '@/lib/use-data-before-paint';
import { useWallet } from '@/lib/wallet/wallet-context';
import { fmt2Grouped, safeBigInt } from '@/lib/amounts';
import { buildClaim, buildPurchase, buildStarter, minersQuery, useMiners } from '@/features/minerz/api/miners';
import {
  demoView,
  fromApi,
  MINE_DECIMALS,
  MSG_DEMO,
  MSG_INSUFFICIENT,
  MSG_LOAD_ERROR,
  MSG_REFERRAL_COPIED,
  MSG_UNLOCK_FAILED,
  parseReferrer,
  TOAST_MS,
  type GameView,
  type Rig,
} from '@/features/minerz/utils/game';

/** Where `/minerz?ref=<address>` is kept until the first purchase passes it on. */
export const REFERRER_KEY = 'minerz.referrer';

function storedReferrer(): string | null {
  try {
    return parseReferrer(localStorage.getItem(REFERRER_KEY));
  } catch {
    return null;
  }
}

export type Busy = { kind: 'buy'; rigId: string } | { kind: 'claim' } | { kind: 'starter' } | null;

/** What the confirm step is about to sign: it states the figures and the network fee first. */
export type MinerzAction = { kind: 'buy'; rig: Rig; referrer?: string } | { kind: 'claim' } | { kind: 'starter'; grant: bigint };

function buildAction(a: MinerzAction, sender: string) {
  if (a.kind === 'buy') return buildPurchase({ sender, minerId: a.rig.id, quantity: '1', referrer: a.referrer });
  return a.kind === 'starter' ? buildStarter(sender) : buildClaim(sender);
}

/**
 * The Cosmic Miners page state: live data from the devnet module, or the demo data (docs/product.md, Cosmic Miners) where
 * the network has no miners module; purchase, claim, boost and referral actions with their toasts.
 */
export function useMinerz() {
  const toast = useToast();
  const wallet = useWallet();
  const tx = useTransaction();
  // The page paints with the game's figures (the rig catalogue is most of its height), so the
  // sections under them do not move when they arrive: first the config, then the game it names.
  useDataBeforePaint(configQuery);
  const config = useAppConfig();
  const address = wallet.status === 'connected' ? wallet.address : null;
  // The network preset says whether the game exists; the API's live flag says it again.
  const configured = config.data ? config.data.network.modules.miners !== '' : undefined;
  useDataBeforePaint(...(configured ? [minersQuery(address, true)] : []));
  const query = useMiners(address, configured === true);
  const demo = configured === false || query.data?.live === false;
  // MINE can be bought on Swap only when the token list (the exchange's pools) has it.
  const mineCoinType = query.data?.coinType;
  const mineOnSwap = !!mineCoinType && (config.data?.tokens ?? []).some((t) => t.coinType === mineCoinType);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState<MinerzAction | null>(null);
  // A fresh fee (and dialog state) per opening.
  const [opened, setOpened] = useState(0);
  const fee = useNetworkFee(
    ['minerz', opened, address, confirming?.kind, confirming?.kind === 'buy' ? confirming.rig.id : null],
    () => buildAction(confirming!, address!),
    confirming !== null && address !== null,
  );
  const [referrer, setReferrer] = useState<string | null>(storedReferrer);

  const say = useCallback(
    (message: string, type: ToastType) => toast.show(message, { type, duration: TOAST_MS, position: 'top-right' }),
    [toast],
  );

  // /minerz?ref=<address>: kept for the first purchase.
  useEffect(() => {
    const ref = parseReferrer(new URLSearchParams(window.location.search).get('ref'));
    if (!ref) return;
    try {
      localStorage.setItem(REFERRER_KEY, ref);
    } catch {
      // storage unavailable: the referrer lives for this visit only
    }
    setReferrer(ref);
  }, []);

  const loadError = !demo && (config.isError || query.isError);
  const errorShown = useRef(false);
  useEffect(() => {
    if (loadError && !errorShown.current) say(MSG_LOAD_ERROR, 'error');
    errorShown.current = loadError;
  }, [loadError, say]);

  const view: GameView | null = useMemo(() => {
    if (demo) return demoView();
    return query.data ? fromApi(query.data) : null;
  }, [demo, query.data]);

  // The pending output ticks up between reads; this is the read's time.
  const readAt = query.dataUpdatedAt;
  const loading = !demo && (config.isPending || query.isPending);

  const refresh = useCallback(() => query.refetch(), [query]);

  /** Launch Rig: the checks the page can make, then the confirm step (nothing is signed yet). */
  const purchase = useCallback(
    (rig: Rig) => {
      if (busy || !view) return;
      if (demo) {
        say(MSG_DEMO + '. Launch Rig sends nothing here.', 'info');
        return;
      }
      if (!address) {
        say('Please connect your wallet first!', 'error');
        return;
      }
      if (view.balance === null || view.balance < rig.cost) {
        say(MSG_INSUFFICIENT, 'error');
        return;
      }
      const ref = referrer && referrer !== address.toLowerCase() ? referrer : undefined;
      setConfirming({ kind: 'buy', rig, referrer: ref });
      setOpened((n) => n + 1);
    },
    [address, busy, demo, referrer, say, view],
  );

  /** Signs what the confirm step shows; the step closes either way and a toast says what happened. */
  const sendPurchase = useCallback(
    async (rig: Rig, ref: string | undefined) => {
      if (!address) return;
      setBusy({ kind: 'buy', rigId: rig.id });
      try {
        await tx.run(() => buildAction({ kind: 'buy', rig, referrer: ref }, address));
        if (ref) {
          try {
            localStorage.removeItem(REFERRER_KEY);
          } catch {
            // nothing stored
          }
          setReferrer(null);
        }
        say(`${rig.name} launched! +${fmt2Grouped(rig.dailyOutput, MINE_DECIMALS)} MINE/day`, 'success');
      } catch (err) {
        if (isTxError(err) && err.kind === 'rejected') say('Transaction rejected!', 'error');
        else if (isTxError(err) && err.message === MSG_INSUFFICIENT) say(MSG_INSUFFICIENT, 'error');
        else {
          console.warn('purchase_miner failed', err);
          say(MSG_UNLOCK_FAILED, 'error');
        }
      } finally {
        setBusy(null);
        setConfirming(null);
        void refresh();
      }
    },
    [address, refresh, say, tx],
  );

  const claim = useCallback(() => {
    if (busy || demo || !address) return;
    setConfirming({ kind: 'claim' });
    setOpened((n) => n + 1);
  }, [address, busy, demo]);

  const sendClaim = useCallback(async () => {
    if (!address) return;
    setBusy({ kind: 'claim' });
    try {
      const { detail } = await tx.run(() => buildAction({ kind: 'claim' }, address));
      const paid = safeBigInt(detail.decoded?.minerClaim?.amount ?? null);
      say(paid === null ? 'Output claimed!' : `Claimed ${fmt2Grouped(paid, MINE_DECIMALS)} MINE!`, 'success');
    } catch (err) {
      say(isTxError(err) && err.kind === 'rejected' ? 'Transaction rejected!' : errorText(err), 'error');
    } finally {
      setBusy(null);
      setConfirming(null);
      void refresh();
    }
  }, [address, refresh, say, tx]);

  // The starter grant: once per wallet, so a newcomer can launch a first rig.
  const starter = useCallback(
    (grant: bigint) => {
      if (busy || demo || !address) return;
      setConfirming({ kind: 'starter', grant });
      setOpened((n) => n + 1);
    },
    [address, busy, demo],
  );

  const sendStarter = useCallback(async () => {
    if (!address) return;
    setBusy({ kind: 'starter' });
    try {
      await tx.run(() => buildAction({ kind: 'starter', grant: 0n }, address));
      say('Starter MINE claimed: launch your first rig!', 'success');
    } catch (err) {
      say(isTxError(err) && err.kind === 'rejected' ? 'Transaction rejected!' : errorText(err), 'error');
    } finally {
      setBusy(null);
      setConfirming(null);
      void refresh();
    }
  }, [address, refresh, say, tx]);

  const confirm = useCallback(() => {
    if (!confirming || busy) return;
    if (confirming.kind === 'buy') void sendPurchase(confirming.rig, confirming.referrer);
    else if (confirming.kind === 'starter') void sendStarter();
    else void sendClaim();
  }, [busy, confirming, sendClaim, sendPurchase, sendStarter]);
  const cancel = useCallback(() => {
    if (!busy) setConfirming(null);
  }, [busy]);

  const referralLink = view?.referralPath ? window.location.origin + view.referralPath : null;
  const copyReferral = useCallback(async () => {
    if (!referralLink) return;
    try {
      await navigator.clipboard.writeText(referralLink);
      say(MSG_REFERRAL_COPIED, 'success');
    } catch {
      say('Could not copy the link. Select it and copy it by hand.', 'error');
    }
  }, [referralLink, say]);

  return {
    view,
    demo,
    loading,
    loadError,
    readAt,
    busy,
    address,
    connect: wallet.connect,
    walletStatus: wallet.status,
    referrer,
    referralLink,
    mineOnSwap,
    purchase,
    claim,
    starter,
    confirming,
    opened,
    fee,
    phase: tx.phase,
    confirm,
    cancel,
    copyReferral,
  };
}

function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Something went wrong.';
}
