import { Button } from '@/components/ui/button';

/** 'Assemble Your Starfleet': the referral link with a copy button. */
export function Referral({ link, onCopy }: { link: string; onCopy: () => void }) {
  return (
    <section aria-labelledby="referral-title" className="rounded-2xl border border-neon-cyan/40 bg-ink-800/85 p-5">
      <h2 id="referral-title" className="font-display text-xl font-extrabold text-white">
        Assemble Your Starfleet
      </h2>
      <p className="mt-1 text-sm text-muted">Recruit pilots and earn 5% bonus MINE tokens!</p>
      <div className="mt-4 flex gap-2">
        <label htmlFor="referral-link" className="sr-only">
          Referral link
        </label>
        <input
          id="referral-link"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-xl border border-white/15 bg-ink-950 px-3 py-2 font-mono text-sm text-white/90"
        />
        <Button variant="secondary" size="md" onClick={onCopy} aria-label="Copy referral link">
          Copy
        </Button>
      </div>
    </section>
  );
}
