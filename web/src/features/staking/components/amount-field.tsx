import { useId } from 'react';

/**
 * A labelled SUPRA amount input with a fill-in button (Max / All). A text field with a decimal keypad:
 * arrow keys and the mouse wheel never change it (docs/product.md, Display rules). Its error, if any,
 * is announced and tied to the field.
 */
export function AmountField({
  id,
  label,
  value,
  onChange,
  fillLabel,
  fillText,
  onFill,
  error,
  help,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  fillLabel: string;
  fillText: string;
  onFill: () => void;
  error: string | null;
  help: string;
  disabled: boolean;
}) {
  const helpId = useId();
  const errorId = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-muted">
        {label}
      </label>
      <div className="mt-2 flex items-stretch gap-2">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0.00"
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${helpId}` : helpId}
          className="min-w-0 flex-1 rounded-xl border border-white/15 bg-ink-900 px-4 py-3 font-display text-xl text-white outline-none focus:border-neon-cyan disabled:opacity-50"
        />
        <button
          type="button"
          onClick={onFill}
          disabled={disabled}
          aria-label={fillLabel}
          className="shrink-0 rounded-xl border border-neon-cyan/60 px-4 text-sm font-bold text-neon-cyan hover:bg-neon-cyan/10 focus-visible:outline-3 focus-visible:outline-neon-cyan disabled:opacity-50"
        >
          {fillText}
        </button>
      </div>
      <p id={helpId} className="mt-2 text-xs text-muted">
        {help}
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-semibold text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
