import { useId, useState } from 'react';
import {
  SLIPPAGE_PRESETS_BPS,
  bpsToPercent,
  percentToBps,
  slippageText,
  slippageWarning,
} from '../utils/slippage';

/** Slippage presets 0.5 / 1 / 3 / 5 % and a custom value (0.01–50 %), with Jupiter's warnings (docs/product.md, Swap). */
export function SlippageSettings({ bps, onChange }: { bps: number; onChange: (bps: number) => void }) {
  const customId = useId();
  const isPreset = (SLIPPAGE_PRESETS_BPS as readonly number[]).includes(bps);
  const [custom, setCustom] = useState(isPreset ? '' : bpsToPercent(bps));
  const [invalid, setInvalid] = useState(false);
  const warning = slippageWarning(bps);
  return (
    <div className="space-y-3" data-testid="slippage-settings">
      <p className="text-sm font-semibold text-white" id={`${customId}-title`}>
        {slippageText.title}
      </p>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-labelledby={`${customId}-title`}>
        {SLIPPAGE_PRESETS_BPS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={bps === p}
            onClick={() => {
              onChange(p);
              setCustom('');
              setInvalid(false);
            }}
            className={
              'h-9 rounded-lg border px-3 text-sm font-bold ' +
              (bps === p ? 'border-neon-gold bg-neon-gold/15 text-neon-gold' : 'border-white/15 text-white hover:bg-white/10')
            }
          >
            {bpsToPercent(p)}%
          </button>
        ))}
        <label htmlFor={customId} className="sr-only">
          {slippageText.custom}
        </label>
        <span className="relative">
          <input
            id={customId}
            inputMode="decimal"
            placeholder="Custom"
            value={custom}
            aria-invalid={invalid}
            onChange={(e) => {
              const text = e.target.value;
              if (!/^\d{0,2}(\.\d{0,2})?$/.test(text)) return;
              setCustom(text);
              if (text === '') {
                setInvalid(false);
                return;
              }
              const v = percentToBps(text);
              setInvalid(v === null);
              if (v !== null) onChange(v);
            }}
            className={
              'h-9 w-24 rounded-lg border bg-ink-900 pr-6 pl-3 text-sm text-white focus:outline-none ' +
              (invalid ? 'border-red-400' : !isPreset ? 'border-neon-gold' : 'border-white/15 focus:border-neon-cyan')
            }
          />
          <span aria-hidden="true" className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 text-sm text-muted">
            %
          </span>
        </span>
      </div>
      {invalid && (
        <p role="alert" className="text-sm text-red-300">
          {slippageText.range}
        </p>
      )}
      {!invalid && warning && (
        <p role="status" className={warning === 'high' ? 'text-sm text-orange-300' : 'text-sm text-neon-gold'}>
          {warning === 'high' ? slippageText.high : slippageText.low}
        </p>
      )}
    </div>
  );
}
