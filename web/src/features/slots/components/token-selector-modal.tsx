import { useMemo, useState } from 'react';
import { GlobeIcon, TelegramIcon, XIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { TokenLogo } from '@/components/ui/token-logo';
import { externalLinkProps } from '@/lib/links';
import type { SlotToken } from '@/types/api';
import { filterTokens } from '@/features/slots/utils/tokens';

export interface TokenSelectorModalProps {
  open: boolean;
  onClose: () => void;
  tokens: readonly SlotToken[];
  selected: string;
  onSelect: (token: SlotToken) => void;
}

/** "Select Token": search by name (case-insensitive substring), per-token community links. */
export function TokenSelectorModal({ open, onClose, tokens, selected, onSelect }: TokenSelectorModalProps) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterTokens(tokens, query), [tokens, query]);
  const close = () => {
    setQuery('');
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title="Select Token">
      <label className="sr-only" htmlFor="slot-token-search">
        Search tokens
      </label>
      <input
        id="slot-token-search"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Search by name..."
        autoComplete="off"
        className="mb-4 h-11 w-full rounded-xl border border-white/15 bg-ink-900 px-4 text-white placeholder:text-white/40 focus:border-neon-cyan focus:outline-none"
      />
      {shown.length === 0 ? (
        <p className="py-8 text-center text-muted">No tokens found.</p>
      ) : (
        <ul className="-mx-2 max-h-[55vh] space-y-1 overflow-y-auto px-2" aria-label="Tokens">
          {shown.map((t) => {
            const active = t.name === selected;
            return (
              <li
                key={t.coinType}
                className={
                  'flex items-center gap-2 rounded-xl border px-2 py-1.5 ' +
                  (active ? 'border-neon-gold/60 bg-neon-gold/10' : 'border-transparent hover:bg-white/5')
                }
              >
                <button
                  type="button"
                  onClick={() => {
                    onSelect(t);
                    close();
                  }}
                  aria-current={active ? 'true' : undefined}
                  aria-label={`${t.name} (min bet ${t.slots.minBet})`}
                  className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-1 text-left"
                >
                  <TokenLogo src={t.logo} name={t.name} size={32} />
                  <span className="min-w-0">
                    <span className="block truncate font-bold text-white">{t.name}</span>
                    <span className="block text-xs text-muted">Min bet {t.slots.minBet}</span>
                  </span>
                </button>
                <span className="flex shrink-0 items-center gap-1">
                  {t.telegram && (
                    <a href={t.telegram} {...externalLinkProps} aria-label={`${t.name} chat`} className={linkClass}>
                      <TelegramIcon size={16} />
                    </a>
                  )}
                  {t.website && (
                    <a href={t.website} {...externalLinkProps} aria-label={`${t.name} website`} className={linkClass}>
                      <GlobeIcon size={16} />
                    </a>
                  )}
                  {t.x && (
                    <a href={t.x} {...externalLinkProps} aria-label={`${t.name} on X`} className={linkClass}>
                      <XIcon size={16} />
                    </a>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}

const linkClass =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg text-white/70 hover:bg-white/10 hover:text-neon-cyan';
