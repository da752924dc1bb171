import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { BotLinks, BotStatusLine, anyUnavailable, botStatus } from '@/features/bots/bot-links';
import { bots, type Bot } from '@/features/bots/bots';
import { useAppConfig } from '@/lib/config';

/**
 * The bots' cards and their details dialog: loaded after the page's heading has painted, with
 * React Query (each bot's state is in the app's config). `onShown` is called once the cards are
 * on screen.
 */
export function BotsContent({ onShown }: { onShown: () => void }) {
  const [selected, setSelected] = useState<Bot | null>(null);
  useEffect(() => onShown(), [onShown]);
  const close = () => setSelected(null);
  // While a bot waits for Telegram, ask again now and then so the page shows it once it runs.
  const states = useAppConfig({ refetchInterval: (config) => (anyUnavailable(config?.bots) ? 30_000 : false) }).data?.bots;
  return (
    <>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {bots.map((bot) => (
          <li key={bot.id} className="relative flex flex-col rounded-2xl border border-white/10 bg-ink-800/85 p-5 transition hover:-translate-y-1 hover:border-neon-cyan/60 hover:shadow-[0_0_30px_rgb(46_230_255/0.2)]">
            <img src={bot.logo} alt="" width={72} height={72} decoding="async" className="h-18 w-18 rounded-2xl" />
            <h2 className="mt-4 font-display text-xl font-extrabold text-white">
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => setSelected(bot)}
                className="text-left after:absolute after:inset-0 after:rounded-2xl after:content-['']"
              >
                {bot.name}
              </button>
            </h2>
            <p className="mt-2 flex-1 text-sm text-muted">{bot.briefDescription}</p>
            <div className="mt-3">
              <BotStatusLine status={botStatus(bot, states)} />
            </div>
            <div className="relative z-10 mt-4 flex items-center justify-between">
              <BotLinks bot={bot} status={botStatus(bot, states)} />
              <span aria-hidden="true" className="text-xs font-bold text-neon-cyan">Details →</span>
            </div>
          </li>
        ))}
      </ul>
      <footer className="mt-14 text-center text-sm text-muted">
        <p>
          Powered by <span className="font-black tracking-[0.15em] text-neon-gold">LUCKY</span>
        </p>
        <p className="mt-1">Crafted for the Supra community</p>
      </footer>

      <Modal
        open={selected !== null}
        onClose={close}
        size="full"
        closeIconLabel="Close details"
        title={selected?.name ?? ''}
        headerStart={selected && <img src={selected.logo} alt="" width={48} height={48} className="h-12 w-12 rounded-xl" />}
        footer={
          <Button variant="primary" onClick={close}>
            Close
          </Button>
        }
      >
        {selected && (
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="space-y-6">
              <BotStatusLine status={botStatus(selected, states)} />
              <BotLinks bot={selected} status={botStatus(selected, states)} />
              <section>
                <h3 className="font-display text-lg font-extrabold text-neon-cyan">Description</h3>
                <p className="mt-2 text-white/90">{selected.fullDescription}</p>
              </section>
              <section>
                <h3 className="font-display text-lg font-extrabold text-neon-pink">Functions</h3>
                <ul className="mt-2 space-y-1.5">
                  {selected.functions.map((f) => (
                    <li key={f} className="flex gap-2">
                      <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-neon-pink" />
                      {f}
                    </li>
                  ))}
                </ul>
              </section>
            </div>
            <section>
              <h3 className="font-display text-lg font-extrabold text-neon-gold">Instructions / Commands</h3>
              <ul className="mt-2 divide-y divide-white/5 rounded-xl border border-white/10 bg-ink-950/60">
                {selected.instructions.map((c) => (
                  <li key={c.command} className="px-4 py-2.5">
                    <code className="font-mono text-sm font-bold text-neon-green">{c.command}</code>
                    <p className="text-sm text-muted">{c.description}</p>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        )}
      </Modal>
    </>
  );
}
