import type { KeyboardEvent } from 'react';
import type { BetFields } from '@/features/slots/hooks/use-bet-fields';

/**
 * The Bet Amount and Number of Spins fields. What the player types stays as typed; a field's
 * problem ("Minimum bet is 10 LUCKY!") shows under it once it was left or Spin was pressed.
 * Enter in either field means "spin".
 */
export function BetInputs({ fields, tokenName, busy, onEnter }: { fields: BetFields; tokenName: string; busy: boolean; onEnter: () => void }) {
  const onEnterKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    onEnter();
  };
  return (
    <>
      {/* Read-only rather than disabled while spinning: a disabled field drops keyboard focus
          to the page when Enter started the spin. */}
      <Field id="slot-bet" label="Bet Amount" suffix={tokenName} problem={fields.betMessage}>
        <input
          id="slot-bet"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={fields.bet}
          readOnly={busy}
          aria-disabled={busy || undefined}
          aria-invalid={fields.betMessage ? true : undefined}
          aria-describedby={fields.betMessage ? 'slot-bet-problem' : undefined}
          onChange={(e) => fields.onBetInput(e.target.value)}
          onBlur={fields.onBetBlur}
          onKeyDown={onEnterKey}
          className={inputClass}
        />
      </Field>
      <Field id="slot-spins" label="Number of Spins" suffix="× spins" problem={fields.spinsMessage}>
        <input
          id="slot-spins"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={fields.spins}
          readOnly={busy}
          aria-disabled={busy || undefined}
          aria-invalid={fields.spinsMessage ? true : undefined}
          aria-describedby={fields.spinsMessage ? 'slot-spins-problem' : undefined}
          onChange={(e) => fields.onSpinsInput(e.target.value)}
          onBlur={fields.onSpinsBlur}
          onKeyDown={onEnterKey}
          className={inputClass}
        />
      </Field>
    </>
  );
}

const inputClass =
  'h-12 w-full rounded-xl border border-white/15 bg-ink-950/80 pr-16 pl-3 font-mono text-lg font-bold text-white ' +
  'focus:border-neon-cyan read-only:opacity-60 aria-invalid:border-neon-pink';

function Field({ id, label, suffix, problem, children }: { id: string; label: string; suffix: string; problem: string | null; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-[10px] font-bold tracking-[0.18em] text-muted uppercase">
        {label}
      </label>
      <div className="relative">
        {children}
        <span className="pointer-events-none absolute top-1/2 right-3 max-w-14 -translate-y-1/2 truncate text-xs font-bold text-neon-gold">
          {suffix}
        </span>
      </div>
      {problem && (
        <p id={`${id}-problem`} data-testid={`${id}-problem`} className="mt-1 text-xs font-semibold text-neon-pink">
          {problem}
        </p>
      )}
    </div>
  );
}

