import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ExternalLink } from '@/components/ui/external-link';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { WhereFeesGo } from '@/components/claims/where-fees-go';
import { useAppConfig } from '@/lib/config';
import { paths, txPath } from '@/lib/paths';
import { BPS_SCALE, FEE_BPS, formatBps, formatMultiplier, paytableFigures, TIERS } from '@/lib/slots/paytable';

const figures = paytableFigures();

/** Each tier's band of the roll 0..9,999, from the same table the contract draws with. */
const bands = (() => {
  let from = 0;
  return TIERS.map((t) => {
    const band = { tier: t, from, to: from + t.bps - 1 };
    from += t.bps;
    return band;
  });
})();

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** The body of /slots/fair (fair-page.tsx). */
export function FairContent() {
  const config = useAppConfig();
  const net = config.data?.network;
  const slots = net?.modules.slots ?? '';
  const slotsAddress = slots.split('::')[0] ?? '';
  const playEvent = slots ? `${slots}::PlayEvent` : 'slots_v3::PlayEvent';

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Odds />

      <Section id="fair-source" title="Where a spin's result comes from">
        {config.isError ? (
          <p className="text-muted">The network this app runs on could not be read. Please refresh the page.</p>
        ) : !net ? (
          <Spinner size={24} label="Loading the network" className="text-neon-cyan" />
        ) : net.devnet ? (
          <DevnetSource slotsAddress={slotsAddress} slots={slots} />
        ) : (
          <>
            <p>
              On {net.label}, spins are drawn by the slots_v3 contract at <Code>{slots || 'an address this app does not know'}</Code>. Its source code is
              not published, so this app cannot show you how it draws, nor whether it uses Supra&apos;s on-chain randomness (dVRF).
            </p>
            <p>
              <strong className="text-white">What you have to trust:</strong> the contract&apos;s publisher, for the draw. What you do not have to trust is
              the payout: every result is on chain, and you can check it against the paytable below.
            </p>
          </>
        )}
      </Section>

      <div className="panel p-4 sm:p-6" id="fair-fees">
        <WhereFeesGo />
      </div>

      <Section id="fair-check" title="Check a spin from its transaction">
        <p>
          One signature plays up to 1,000 spins in one transaction, and that transaction emits one <Code>{playEvent}</Code>. Its fields:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <Code>player</Code>, <Code>token_type</Code>: who played and with which coin;
          </li>
          <li>
            <Code>bet_per_spin</Code>, <Code>number_of_spins</Code>: the stake, in the coin&apos;s base units;
          </li>
          <li>
            <Code>spin_results</Code>: one entry per spin, in order, with its <Code>tier_index</Code> (0 No Win to 6 Super Jackpot) and{' '}
            <Code>prize_won</Code>;
          </li>
          <li>
            <Code>total_prize</Code>: the sum of the prizes.
          </li>
        </ul>
        <p>Three checks anyone can make:</p>
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            each <Code>prize_won</Code> is <Code>bet_per_spin</Code> × the multiplier of its tier (table above), rounded down to a base unit;
          </li>
          <li>
            <Code>total_prize</Code> is the sum of the <Code>prize_won</Code>;
          </li>
          <li>
            your coin changed by <Code>total_prize</Code> − <Code>bet_per_spin</Code> × <Code>number_of_spins</Code> (the transaction&apos;s coin changes show
            it; network fees are paid in SUPRA apart).
          </li>
        </ol>
        <p>
          The transaction page shows the play (each spin&apos;s tier and prize) and the raw events exactly as the chain returned them. Your plays are
          listed under Recent Spins on <Link to={paths.slots} className="text-neon-cyan underline underline-offset-4">the slot machine</Link>, each with
          its transaction; or open one by its hash:
        </p>
        <OpenTx />
      </Section>
    </div>
  );
}

function Odds() {
  return (
    <Section id="fair-odds" title="The odds, computed from the paytable">
      <dl className="grid grid-cols-3 gap-2 text-center sm:gap-3">
        <Figure label="Win chance" value={formatBps(figures.winChanceBps)} testId="fair-win" />
        <Figure label="Profit chance" value={formatBps(figures.profitChanceBps)} testId="fair-profit" />
        <Figure label="Return to player" value={formatBps(figures.rtpBps)} testId="fair-rtp" />
      </dl>
      <p>
        A spin wins something {formatBps(figures.winChanceBps)} of the time and more than its bet {formatBps(figures.profitChanceBps)} of the time. Over many
        spins, prizes pay back {formatBps(figures.rtpBps)} of what is wagered. The other {formatBps(BPS_SCALE - figures.rtpBps)} is the{' '}
        {formatBps(FEE_BPS).replace('.00', '')} development fee taken from each bet and {formatBps(BPS_SCALE - figures.rtpBps - FEE_BPS)} kept by the house
        pot, which pays the prizes. A single session can land far from these figures either way. Where the fee goes, measured on chain, is
        shown below.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Paytable and draw bands">
          <thead>
            <tr className="text-left text-[10px] tracking-[0.14em] text-muted uppercase">
              <th scope="col" className="pb-2 font-bold">Tier</th>
              <th scope="col" className="hidden pb-2 font-bold sm:table-cell">Symbols</th>
              <th scope="col" className="pb-2 pl-2 text-right font-bold">Pays</th>
              <th scope="col" className="pb-2 pl-2 text-right font-bold">Chance</th>
              <th scope="col" className="pb-2 pl-2 text-right font-bold">Roll</th>
            </tr>
          </thead>
          <tbody>
            {bands.map(({ tier, from, to }) => (
              <tr key={tier.index} className="border-t border-white/10">
                <th scope="row" className="py-1.5 pr-2 text-left font-bold text-white">
                  {tier.index} {tier.name}
                </th>
                <td className="hidden py-1.5 text-muted sm:table-cell">{tier.description}</td>
                <td className="py-1.5 pl-2 text-right font-mono text-white">{formatMultiplier(tier.mulTenths)}</td>
                <td className="py-1.5 pl-2 text-right font-mono text-white">{formatBps(tier.bps)}</td>
                <td className="py-1.5 pl-2 text-right font-mono whitespace-nowrap text-muted">
                  {from.toLocaleString('en-US')}–{to.toLocaleString('en-US')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function DevnetSource({ slots, slotsAddress }: { slots: string; slotsAddress: string }) {
  const state = `${slots}::State`;
  return (
    <>
      <p>
        This app runs on a devnet: an emulated Supra node inside the LUCKY server, with the slots_v3 contract emulated at its mainnet address. The real
        contract&apos;s source is not published; the devnet&apos;s is, and it draws each spin like this:
      </p>
      <ol className="list-decimal space-y-1.5 pl-5">
        <li>
          <Code>r = SHA3-256(&quot;LUCKY::slots_v3::spin&quot; ‖ seed ‖ transaction hash ‖ spin index)</Code>, where the seed is the devnet&apos;s seed
          text, the transaction hash its 32 bytes, and the spin index (0 for the first spin of the transaction) 8 bytes, little-endian;
        </li>
        <li>
          the roll is the first 8 bytes of <Code>r</Code> read as a big-endian number, modulo {BPS_SCALE.toLocaleString('en-US')};
        </li>
        <li>the roll&apos;s band in the table above is the tier, and the prize is the bet per spin × the tier&apos;s multiplier, rounded down.</li>
      </ol>
      <p>
        <strong className="text-white">What you have to trust.</strong> This is not Supra&apos;s on-chain randomness (dVRF): the result follows from the
        seed and the transaction hash alone. The seed is a setting of the server (the devnet shows it at <Code>/devnet/info</Code>), so anyone who knows it
        can recompute every spin of every transaction, and could work out a transaction&apos;s results before sending it. That is what makes a spin
        checkable here; it is also why a devnet is for trying the game, not for real stakes.
      </p>
      <p>
        The devnet&apos;s operator can also queue forced results for tests. The queue is public: the <Code>forced_outcomes</Code> field of the{' '}
        <ExternalLink
          href={`/rpc/v1/accounts/${slotsAddress}/resources/${encodeURIComponent(state)}`}
          className="text-neon-cyan underline underline-offset-4"
        >
          slots_v3 State resource
        </ExternalLink>{' '}
        lists them, and it is empty when no one has forced anything.
      </p>
    </>
  );
}

function OpenTx() {
  const id = useId();
  const navigate = useNavigate();
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const h = hash.trim();
    if (!TX_HASH.test(h)) {
      setError('A transaction hash is 0x followed by 64 hexadecimal characters.');
      return;
    }
    navigate(txPath(h.toLowerCase()));
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1.5">
      <label htmlFor={id} className="text-xs font-bold tracking-[0.16em] text-muted uppercase">
        Transaction hash
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={hash}
          onChange={(e) => {
            setHash(e.target.value);
            setError(null);
          }}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-11 min-w-0 flex-1 rounded-xl border border-white/15 bg-ink-950/70 px-3 font-mono text-sm text-white placeholder:text-white/40 focus:border-neon-cyan focus:outline-none"
        />
        <button
          type="submit"
          className="h-11 shrink-0 rounded-xl border border-neon-cyan/70 bg-neon-cyan/10 px-4 text-sm font-bold text-neon-cyan hover:bg-neon-cyan/20"
        >
          Open
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-neon-pink">
          {error}
        </p>
      )}
    </form>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="panel space-y-3 p-4 text-sm leading-relaxed text-white/85 sm:p-6 sm:text-base">
      <h2 id={id} className="font-display text-xl font-extrabold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border border-white/10 bg-ink-900/70 px-1 py-3">
      <dt className="text-[10px] font-bold tracking-[0.14em] text-muted uppercase sm:text-xs">{label}</dt>
      <dd className="font-mono text-lg font-black text-white sm:text-2xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-ink-950/80 px-1 py-0.5 font-mono text-[0.85em] [overflow-wrap:anywhere] text-neon-cyan">{children}</code>;
}
