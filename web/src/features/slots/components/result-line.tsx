import type { Notice, NoticeType } from '@/features/slots/hooks/use-slot-game';

const tone: Record<NoticeType, string> = {
  win: 'border-neon-gold/70 bg-neon-gold/15 text-white',
  partial: 'border-neon-cyan/60 bg-neon-cyan/10 text-white',
  lose: 'border-white/15 bg-ink-950/70 text-white/85',
  success: 'border-neon-green/50 bg-neon-green/10 text-white',
  error: 'border-neon-pink/70 bg-neon-pink/15 text-white',
};

/**
 * The game's message line, between the reels and the bet fields, in a height kept for it, so a
 * message never covers a control and never moves one. It is a live region: each new message is
 * read out.
 */
export function ResultLine({ notice }: { notice: Notice | null }) {
  return (
    <div className="mt-3 flex min-h-11 items-center" data-testid="result-line-slot">
      <p
        role="status"
        aria-live={notice?.type === 'error' ? 'assertive' : 'polite'}
        data-testid="result-line"
        data-type={notice?.type ?? 'none'}
        data-notice={notice?.id}
        data-symbols={notice?.symbols?.join(',')}
        className={
          notice
            ? `w-full rounded-xl border px-3 py-2 text-center text-sm font-semibold sm:text-base ${tone[notice.type]}`
            : 'sr-only'
        }
      >
        {notice && <span key={notice.id}>{notice.message}</span>}
      </p>
    </div>
  );
}
