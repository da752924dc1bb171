import { useId, useRef, useState, type FormEvent } from 'react';
import { formatExactUnits, fmt2Grouped, tryParseUnits } from '@/lib/amounts';
import type { SlotToken } from '@/types/api';
import type { usePlaySafe } from '@/features/slots/hooks/use-play-safe';
import { formatMoment } from '@/features/slots/components/play-safe-panel';
import { COOL_OFFS, coolOffActive, limitAt, limitStatus, netOf, type Totals } from '@/features/slots/utils/play-safe';

interface Props {
  token: SlotToken;
  tokens: readonly SlotToken[];
  /** While a play replays, the totals stay as they were, so they never give the result away. */
  frozen: boolean;
  safe: ReturnType<typeof usePlaySafe>;
}

/** What Play Safely shows a connected wallet: its last 24 hours' totals, a loss limit and a cool-off. */
export function PlaySafeDetails({ token, tokens, frozen, safe }: Props) {
  const shownRef = useRef<Totals | undefined>(safe.shown);
  if (!frozen) shownRef.current = safe.shown;
  const shown = shownRef.current;
  const coins = Object.keys(shown ?? {});
  const tokenOf = (coin: string) => tokens.find((t) => t.coinType === coin);

  return (
    <>
          <h3 className="mt-4 text-xs font-bold tracking-[0.16em] text-muted uppercase">Last 24 hours</h3>
          {!shown ? (
            <p className="mt-2 text-sm text-muted" data-testid="session-loading" role={safe.totalsError ? 'alert' : undefined}>
              {safe.totalsError ? 'Your totals could not be read from the index. They are tried again shortly.' : 'Reading your plays from the chain…'}
            </p>
          ) : coins.length === 0 ? (
            <p className="mt-2 text-sm text-muted" data-testid="session-empty">
              No confirmed spins {safe.shownSinceReset ? 'since you reset the totals' : 'in the last 24 hours'}. Totals come from each play's result on
              chain.
            </p>
          ) : (
            <table className="mt-2 w-full text-sm" aria-label="Session totals">
              <thead>
                <tr className="text-left text-[10px] tracking-[0.14em] text-muted uppercase">
                  <th scope="col" className="pb-1 font-bold">Coin</th>
                  <th scope="col" className="pb-1 text-right font-bold">Wagered</th>
                  <th scope="col" className="pb-1 text-right font-bold">Won</th>
                  <th scope="col" className="pb-1 text-right font-bold">Net</th>
                </tr>
              </thead>
              <tbody>
                {coins.map((coin) => {
                  const t = shown![coin]!;
                  const d = tokenOf(coin)?.decimals ?? 0;
                  const net = netOf(t);
                  const name = tokenOf(coin)?.name ?? coin;
                  return (
                    <tr key={coin} className="border-t border-white/10 font-mono" data-testid={`session-row-${name}`}>
                      <th scope="row" className="py-1.5 text-left font-sans font-bold text-white">
                        {name}
                        <span className="block text-[11px] font-normal text-muted">
                          {t.spins} {t.spins === 1 ? 'spin' : 'spins'}
                        </span>
                      </th>
                      <td className="py-1.5 text-right text-white/90" data-testid="session-wagered">
                        {formatExactUnits(t.wagered, d)}
                      </td>
                      <td className="py-1.5 text-right text-neon-gold" data-testid="session-won">
                        {formatExactUnits(t.won, d)}
                      </td>
                      <td className={`py-1.5 text-right ${net >= 0n ? 'text-neon-green' : 'text-red-300'}`} data-testid="session-net">
                        {net > 0n ? '+' : net < 0n ? '−' : ''}
                        {formatExactUnits(net < 0n ? -net : net, d)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <div className="mt-2 flex items-center justify-between gap-3">
            <p className="text-xs text-muted">Network fees are not included.</p>
            <button
              type="button"
              onClick={safe.reset}
              disabled={coins.length === 0 || frozen}
              className="rounded-lg border border-white/15 px-2.5 py-1 text-xs font-bold text-white/85 hover:border-neon-cyan/60 hover:text-neon-cyan disabled:cursor-not-allowed disabled:opacity-40"
            >
              Reset totals
            </button>
          </div>

      <LossLimit token={token} safe={safe} />
      <CoolOff safe={safe} />
    </>
  );
}

function LossLimit({ token, safe }: { token: SlotToken; safe: ReturnType<typeof usePlaySafe> }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const limit = limitAt(safe.settings, token.coinType, safe.now);
  const counted = safe.counted?.[token.coinType];
  const f = (v: bigint) => `${fmt2Grouped(v, token.decimals)} ${token.name}`;

  const apply = (amount: bigint | null) => {
    const change = safe.setLimit(token.coinType, amount);
    if (!change) return;
    setError(null);
    setText('');
    if (change.kind === 'now') setNews(amount === null ? 'Limit removed.' : `Your ${token.name} loss limit is now ${f(amount)}.`);
    else
      setNews(
        `${amount === null ? 'Removing the limit' : `Raising the limit to ${f(amount)}`} takes effect at ${formatMoment(change.at)} (24 hours from now). Until then the current limit applies.`,
      );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    const amount = v === '' ? null : tryParseUnits(v, token.decimals);
    if (amount === null) {
      setNews(null);
      setError(`Enter an amount in ${token.name}, with at most ${token.decimals} decimals.`);
      return;
    }
    if (amount === 0n) {
      setNews(null);
      setError('A loss limit must be above 0. To stop playing for a while, take a cool-off below.');
      return;
    }
    apply(amount);
  };

  return (
    <div className="mt-5 border-t border-white/10 pt-4">
      <h3 className="text-xs font-bold tracking-[0.16em] text-muted uppercase">Loss limit ({token.name})</h3>
      <p className="mt-2 text-sm text-white" data-testid="loss-limit-status">
        {limit.amount === null
          ? 'No loss limit.'
          : safe.counted
            ? limitStatus(limit.amount, counted, token.decimals, token.name)
            : `Limit ${f(limit.amount)} per 24 hours.`}
      </p>
      {limit.pending && (
        <p className="mt-1 text-xs text-neon-gold" data-testid="loss-limit-pending">
          {limit.pending.amount === null ? 'No limit' : `A limit of ${f(limit.pending.amount)}`} from {formatMoment(limit.pending.at)}.
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-2 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Loss limit in {token.name}
        </label>
        <input
          id={inputId}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          placeholder={`Amount in ${token.name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="h-10 min-w-0 flex-1 rounded-xl border border-white/15 bg-ink-950/70 px-3 font-mono text-sm text-white placeholder:text-white/40 focus:border-neon-cyan focus:outline-none"
        />
        <button
          type="submit"
          className="h-10 shrink-0 rounded-xl border border-neon-cyan/70 bg-neon-cyan/10 px-3 text-sm font-bold text-neon-cyan hover:bg-neon-cyan/20"
        >
          Set limit
        </button>
      </form>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="mt-1.5 text-sm text-neon-pink">
          {error}
        </p>
      )}
      {news && (
        <p role="status" className="mt-1.5 text-xs leading-relaxed text-white/90" data-testid="loss-limit-news">
          {news}
        </p>
      )}
      {limit.amount !== null && limit.pending === undefined && (
        <button type="button" onClick={() => apply(null)} className="mt-2 text-xs font-semibold text-muted underline underline-offset-4 hover:text-white">
          Remove limit
        </button>
      )}
      <p className="mt-2 text-xs leading-relaxed text-muted">
        Your net loss over the last 24 hours (wagered minus won, from the chain) may not pass the limit: a play that could pass it if every spin
        lost is refused before you sign. A lower limit applies at once; a higher one, or removing it, after 24 hours.
      </p>
    </div>
  );
}

function CoolOff({ safe }: { safe: ReturnType<typeof usePlaySafe> }) {
  const [asked, setAsked] = useState<(typeof COOL_OFFS)[number] | null>(null);
  const active = coolOffActive(safe.settings, safe.now);

  return (
    <div className="mt-5 border-t border-white/10 pt-4">
      <h3 className="text-xs font-bold tracking-[0.16em] text-muted uppercase">Cool-off</h3>
      {active ? (
        <p role="status" className="mt-2 rounded-xl border border-neon-gold/50 bg-neon-gold/10 p-3 text-sm text-neon-gold" data-testid="cool-off-active">
          Play is paused. It resumes at {formatMoment(safe.settings.coolOffUntil)}.
        </p>
      ) : asked ? (
        <div role="group" aria-label="Confirm cool-off" className="mt-2 rounded-xl border border-neon-pink/50 bg-neon-pink/10 p-3 text-sm text-white">
          <p>
            Pause play for {asked.label}, until {formatMoment(safe.now + asked.ms)}? It cannot be ended early.
          </p>
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              onClick={() => {
                safe.coolOff(asked.ms);
                setAsked(null);
              }}
              className="h-9 rounded-xl bg-neon-pink px-3 text-sm font-bold text-ink-950 hover:brightness-110"
            >
              Start cool-off
            </button>
            <button type="button" onClick={() => setAsked(null)} className="h-9 rounded-xl border border-white/20 px-3 text-sm font-bold text-white/85 hover:bg-white/10">
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted">Take a break from play with this wallet in this browser.</p>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {COOL_OFFS.map((c) => (
              <button
                key={c.label}
                type="button"
                onClick={() => {
                  safe.clock();
                  setAsked(c);
                }}
                className="h-9 rounded-xl border border-white/15 text-sm font-bold text-white/85 hover:border-neon-pink/60 hover:text-neon-pink"
              >
                {c.label}
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
