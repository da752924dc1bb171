import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/wallet/errors';
import { isTxError } from '@/lib/tx/tx-error';
import { useTransaction } from '@/lib/tx/use-transaction';
import type { TxDetail } from '@/types/api';
import { useSound } from '@/lib/sound-context';
import { buildSpins } from '@/features/slots/api/build-spins';
import { historyQueryKey } from '@/features/slots/api/use-history';
import { potsQueryKey } from '@/features/slots/api/use-pots';
import type { PlayDecoded, SlotToken } from '@/types/api';
import { useReels } from '@/features/slots/hooks/use-reels';
import type { FruitSymbol } from '@/lib/slots/paytable';
import type { RunSummary } from '@/features/slots/utils/run-summary';
import { safeBigInt } from '@/lib/amounts';
import { beforeSpinError } from '@/features/slots/utils/checks';
import { playTotalsKey } from '@/features/slots/api/use-play-totals';
import { LOSS_MESSAGE, txSentMessage } from '@/features/slots/utils/messages';
import {
  createReplayControl,
  NORMAL_TIMINGS,
  toReplaySpins,
  TURBO_TIMINGS,
} from '@/features/slots/utils/replay';

/** How a confirmed play is told (play-telling.ts): fetched while a play is sent, not with the page. */
const loadTelling = () => import('@/features/slots/hooks/play-telling').then((m) => m.playTelling);

export type GamePhase = 'idle' | 'sending' | 'replaying';

/** What the result line says: a win, a partial return (a prize below the bet), a loss, or news. */
export type NoticeType = 'win' | 'partial' | 'lose' | 'success' | 'error';

export interface Notice {
  /** Changes with every message, so the same text said twice is announced twice. */
  id: number;
  message: ReactNode;
  type: NoticeType;
  /** For a spin result: the outcome's three symbols, which the reels show when it is announced. */
  symbols?: readonly FruitSymbol[];
}

/** Thrown for a confirmed transaction whose play cannot be read: "Error processing spins: …". */
class ProcessingError extends Error {}

export interface SlotGameInput {
  token: SlotToken;
  address: string | null;
  connected: boolean;
  bet: string;
  spins: string;
  pot: bigint | null | undefined;
  balance: bigint | undefined;
  /**
   * The player's own limits (Play safely), asked right before a play is built: a message refuses
   * the play and nothing is built or signed.
   */
  guard?: () => string | null;
}

export interface LastGame {
  token: string;
  decimals: number;
  spins: number;
  totalPrize: bigint;
  totalBet: bigint;
  hash: string;
  /** The whole play, spin by spin, from its PlayEvent. */
  run: RunSummary;
}

/** The spin flow (docs/product.md, Slots): checks, build + sign + confirm, replay, summary, refresh. */
export function useSlotGame(input: SlotGameInput) {
  const sound = useSound();
  const tx = useTransaction();
  const queryClient = useQueryClient();
  const reels = useReels();

  const [phase, setPhase] = useState<GamePhase>('idle');
  const [remaining, setRemaining] = useState(0);
  const [turbo, setTurbo] = useState(false);
  const [last, setLast] = useState<LastGame | null>(null);
  const turboRef = useRef(turbo);
  turboRef.current = turbo;
  const controlRef = useRef<ReturnType<typeof createReplayControl> | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeSeq = useRef(0);
  const busy = useRef(false);
  const mounted = useRef(true);
  // The run's summary, waiting for its moment after the last spin's own result.
  const summaryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelSummary = useCallback(() => {
    if (summaryTimer.current !== null) clearTimeout(summaryTimer.current);
    summaryTimer.current = null;
  }, []);
  const inputRef = useRef(input);
  inputRef.current = input;

  // The game's messages go to a result line inside the machine, in space kept for it, rather than
  // a floating toast: a toast at the bottom left covered Spin Now and Turbo. A result stays until
  // the next one replaces it, so a player can read it after the reels stop.
  const say = useCallback((message: ReactNode, type: NoticeType, symbols?: readonly FruitSymbol[]) => {
    noticeSeq.current += 1;
    setNotice({ id: noticeSeq.current, message, type, symbols });
  }, []);

  /** Forgets the last result (its highlight and message), e.g. when the token changes. */
  const clearResult = useCallback(() => {
    cancelSummary();
    setNotice(null);
    setLast(null);
    reels.setHighlight(null);
  }, [reels, cancelSummary]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      cancelSummary();
      controlRef.current?.stop();
      sound.stop('spin');
    };
    // Mount/unmount only: stopping the reels and the spin sound belongs to leaving the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const refresh = useCallback(() => {
    const addr = inputRef.current.address;
    void queryClient.invalidateQueries({ queryKey: potsQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['balances'] });
    void queryClient.invalidateQueries({ queryKey: historyQueryKey(addr) });
    // Play safely's totals and loss limit count the play from the index.
    void queryClient.invalidateQueries({ queryKey: playTotalsKey(addr) });
  }, [queryClient]);

  const skip = useCallback(() => controlRef.current?.stop(), []);

  const spin = useCallback(async () => {
    const s = inputRef.current;
    if (busy.current) return;
    const refused = s.connected ? (s.guard?.() ?? null) : null;
    if (refused) {
      say(refused, 'error');
      return;
    }
    const problem = beforeSpinError({
      connected: s.connected,
      tokenName: s.token.name,
      decimals: s.token.decimals,
      minBet: s.token.slots.minBet,
      bet: s.bet,
      spins: s.spins,
      pot: s.pot,
      balance: s.balance,
    });
    if (problem) {
      say(problem, 'error');
      return;
    }
    cancelSummary();
    busy.current = true;
    const token = s.token;
    const spinsCount = Number(s.spins);
    setLast(null);
    setPhase('sending');
    setRemaining(spinsCount);
    reels.startAll();
    sound.startBackground();
    sound.play('spin', { loop: true });
    let hash = '';
    const telling = loadTelling();
    try {
      let detail: TxDetail;
      try {
        const res = await tx.run(
          () => buildSpins({ sender: s.address ?? '', token: token.name, betPerSpin: s.bet, spins: spinsCount }),
          // The "sent" toast comes as soon as the wallet has sent it, before confirmation (docs/product.md, Slots).
          { onSent: (sentHash) => mounted.current && say(txSentMessage(sentHash), 'success') },
        );
        hash = res.hash;
        detail = res.detail;
      } catch (err) {
        if (isTxError(err)) {
          if (err.kind === 'rejected') throw new Error('Transaction rejected!');
          if (err.kind === 'timeout' || err.kind === 'failed') {
            throw new Error(`Error fetching TX ${err.hash ?? ''}: ${err.message}`);
          }
          throw new Error(err.message);
        }
        throw new Error(errorMessage(err) || 'Unknown error');
      }
      const { replayOnReels, runLine, summarizeRun, toast } = await telling;
      if (!mounted.current) return;
      const play = readPlay(detail);
      const results = toReplaySpins(play.spinResults);
      const totalPrize = safeBigInt(play.totalPrize) ?? results.reduce((a, r) => a + r.prize, 0n);
      const betBase = safeBigInt(play.betPerSpin) ?? 0n;
      setPhase('replaying');
      const control = createReplayControl(() => (turboRef.current ? TURBO_TIMINGS : NORMAL_TIMINGS));
      controlRef.current = control;
      const outcome = await replayOnReels(results, reels, control, {
        spinStart: (_i, left) => setRemaining(left),
        reelStop: () => sound.play('stop'),
        result: (_i, r, highlight) => {
          if (highlight === 'win' || highlight === 'partial') {
            say(toast(r, highlight === 'partial', betBase, token.decimals, token.name), highlight, r.symbols);
          } else {
            say(LOSS_MESSAGE, 'lose', r.symbols);
          }
        },
        // A partial return is not celebrated: replayOnReels calls this for prizes above the bet only.
        winSound: () => sound.play('win'),
      });
      controlRef.current = null;
      if (!mounted.current) return;
      const run = summarizeRun(results, betBase, totalPrize);
      // A run of several spins ends on its totals, played through or skipped: its last spin's
      // message ("No Win This Time!") would misstate a run that won. Played through, the last
      // spin's result is read first, for the pause between two spins; skipped, the summary comes
      // at once. The game is free meanwhile: a new play or a token change cancels it.
      if (results.length > 1 || (outcome === 'skipped' && results.length > 0)) {
        const sayRun = () => {
          summaryTimer.current = null;
          if (mounted.current) say(runLine(run, token.decimals, token.name), run.net > 0n ? 'win' : run.won > 0n ? 'partial' : 'lose');
        };
        if (outcome === 'skipped') sayRun();
        else summaryTimer.current = setTimeout(sayRun, (turboRef.current ? TURBO_TIMINGS : NORMAL_TIMINGS).nextSpin);
      }
      setLast({
        token: token.name,
        decimals: token.decimals,
        spins: results.length,
        totalPrize,
        totalBet: betBase * BigInt(results.length),
        hash,
        run,
      });
    } catch (err) {
      if (mounted.current) {
        const msg = err instanceof ProcessingError ? `Error processing spins: ${err.message}` : errorMessage(err);
        say(msg || 'Unknown error', 'error');
      }
    } finally {
      controlRef.current = null;
      busy.current = false;
      sound.stop('spin');
      if (mounted.current) {
        reels.stopAll();
        setRemaining(0);
        setPhase('idle');
      }
      refresh();
    }
  }, [reels, refresh, say, sound, tx, cancelSummary]);

  return { phase, remaining, turbo, setTurbo, last, spin, skip, reels, txPhase: tx.phase, notice, say, clearResult };
}

function readPlay(detail: TxDetail): PlayDecoded {
  if (!detail.events || detail.events.length === 0) throw new ProcessingError('No events returned');
  const play = detail.play;
  if (!play || !Array.isArray(play.spinResults)) throw new ProcessingError('PlayEvent not found');
  return play;
}
