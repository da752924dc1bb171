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
      <Field
        id="slot-bet"
        label="Bet Amount"
        suffix={tokenName}
        inputMode="decimal"
        value={fields.bet}
        problem={fields.betMessage}
        busy={busy}
        onInput={fields.onBetInput}
        onBlur={fields.onBetBlur}
        onEnterKey={onEnterKey}
      />
      <Field
        id="slot-spins"
        label="Number of Spins"
        suffix="× spins"
        inputMode="numeric"
        value={fields.spins}
        problem={fields.spinsMessage}
        busy={busy}
        onInput={fields.onSpinsInput}
        onBlur={fields.onSpinsBlur}
        onEnterKey={onEnterKey}
      />
    </>
  );
}

const inputClass =
  'h-12 w-full rounded-xl border border-white/15 bg-ink-950/80 pr-16 pl-3 font-mono text-lg font-bold text-white ' +
  'focus:border-neon-cyan read-only:opacity-60 aria-invalid:border-neon-pink';

interface FieldProps {
  id: string;
  label: string;
  suffix: string;
  inputMode: 'decimal' | 'numeric';
  value: string;
  problem: string | null;
  busy: boolean;
  onInput: (text: string) => void;
  onBlur: () => void;
  onEnterKey: (e: KeyboardEvent<HTMLInputElement>) => void;
}

function Field({ id, label, suffix, inputMode, value, problem, busy, onInput, onBlur, onEnterKey }: FieldProps) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-[10px] font-bold tracking-[0.18em] text-muted uppercase">
        {label}
      </label>
      <div className="relative">
        {/* Read-only rather than disabled while spinning: a disabled field drops keyboard focus
            to the page when Enter started the spin. */}
        <input
          id={id}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          value={value}
          readOnly={busy}
          aria-disabled={busy || undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => onInput(e.target.value)}
          onBlur={onBlur}
          onKeyDown={onEnterKey}
          className={inputClass}
        />
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
