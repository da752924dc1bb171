import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { tryParseUnits } from '@/lib/amounts';
import { api } from '@/lib/api';
import { externalLinkProps, txLink, type ExplorerPatterns } from '@/lib/links';
import { isTxError } from '@/lib/tx/tx-error';
import { useTransaction } from '@/lib/tx/use-transaction';
import type { BuiltTransaction } from '@/types/api';
import type { TxPhase } from '@/lib/tx/tx-state';

export const TRANSFER_FUNCTION = '0x1::supra_account::transfer';
const ADDRESS_RE = /^0x[0-9a-fA-F]{1,64}$/;

const phaseText: Record<Exclude<TxPhase, 'idle'>, string> = {
  building: 'Preparing...',
  signing: 'Confirm in your wallet...',
  confirming: 'Confirming...',
};

interface Props {
  address: string;
  decimals: number;
  symbol: string;
  /** Native balance in base units, null while unknown. */
  balance: bigint | null;
  /** The network's explorer patterns (GET /api/v1/config). */
  network?: ExplorerPatterns;
  disabled?: boolean;
}

/** Send SUPRA through the app's one transaction path: build (server) → sign (wallet) → confirm. */
export function SendSupraForm({ address, decimals, symbol, balance, network, disabled = false }: Props) {
  const { run, phase } = useTransaction();
  const [recipient, setRecipient] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ hash: string; amount: string } | null>(null);
  const id = useId();
  const busy = phase !== 'idle';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSent(null);
    const to = recipient.trim();
    if (!ADDRESS_RE.test(to)) {
      setError('Enter a recipient address: 0x followed by up to 64 hex digits.');
      return;
    }
    const units = tryParseUnits(amount, decimals);
    if (units === null) {
      setError(`Enter an amount in ${symbol} with at most ${decimals} decimals.`);
      return;
    }
    if (units <= 0n) {
      setError('Amount must be greater than 0.');
      return;
    }
    if (balance !== null && units > balance) {
      setError(`Insufficient ${symbol} balance!`);
      return;
    }
    try {
      const { hash } = await run(() =>
        api<BuiltTransaction>('/tx/build', {
          body: { sender: address, function: TRANSFER_FUNCTION, typeArguments: [], arguments: [to, units.toString()] },
        }),
      );
      setSent({ hash, amount: amount.trim() });
      setAmount('');
    } catch (err) {
      if (isTxError(err)) {
        if (err.kind === 'rejected') setError('Transaction rejected!');
        else if (err.kind === 'timeout' && err.hash) setError(`Error fetching TX ${err.hash}: ${err.message}`);
        else setError(err.message);
      } else {
        setError(err instanceof Error ? err.message : 'Unknown error');
      }
    }
  };

  const link = sent ? txLink(network, sent.hash) : null;
  const href = link?.href ?? null;
  const external = link !== null && !link.internal;

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate className="space-y-3 rounded-xl border border-white/10 bg-ink-900/60 p-4">
      <h3 id={`${id}-title`} className="font-display text-base font-extrabold tracking-wide text-white">
        Send {symbol}
      </h3>
      <div className="space-y-1">
        <label htmlFor={`${id}-to`} className="text-xs font-bold tracking-[0.14em] text-muted uppercase">
          Recipient address
        </label>
        <input
          id={`${id}-to`}
          name="recipient"
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          disabled={busy}
          className="h-11 w-full rounded-xl border border-white/15 bg-ink-950 px-3 font-mono text-sm text-white placeholder:text-white/30 focus:border-neon-cyan focus:outline-none"
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-amount`} className="text-xs font-bold tracking-[0.14em] text-muted uppercase">
          Amount ({symbol})
        </label>
        <input
          id={`${id}-amount`}
          name="amount"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          inputMode="decimal"
          placeholder="0.00"
          autoComplete="off"
          disabled={busy}
          className="h-11 w-full rounded-xl border border-white/15 bg-ink-950 px-3 text-sm text-white placeholder:text-white/30 focus:border-neon-cyan focus:outline-none"
        />
      </div>
      <Button type="submit" variant="secondary" className="w-full" disabled={busy || disabled}>
        {busy && (
          <span aria-hidden="true" className="inline-flex">
            <Spinner size={16} label="" />
          </span>
        )}
        {busy ? phaseText[phase as Exclude<TxPhase, 'idle'>] : 'Send'}
      </Button>
      {error && (
        <p role="alert" className="text-sm font-semibold break-words text-red-300">
          {error}
        </p>
      )}
      {sent && (
        <p role="status" className="text-sm break-all text-neon-green">
          Sent {sent.amount} {symbol}. TX:{' '}
          {href ? (
            <a href={href} {...(external ? externalLinkProps : {})} className="font-mono underline hover:text-white" data-testid="sent-tx-link">
              {sent.hash}
            </a>
          ) : (
            <span className="font-mono" data-testid="sent-tx-link">{sent.hash}</span>
          )}
        </p>
      )}
    </form>
  );
}
