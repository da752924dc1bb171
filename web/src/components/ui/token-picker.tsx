import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { TelegramIcon, XIcon } from '@/components/ui/icons';
import { GlobeIcon } from '@/components/ui/content-icons';
import { Modal } from '@/components/ui/modal';
import { TokenLogo } from '@/components/ui/token-logo';
import { externalLinkProps } from '@/lib/links';

/** What the picker needs of a token; the registry's Token (types/api.ts) fits. */
export interface PickerToken {
  name: string;
  coinType: string;
  logo?: string;
  telegram?: string;
  website?: string;
  x?: string;
}

/** The texts of one picker; every feature passes its own (docs/product.md: Slots, Swap, Burn). */
export interface TokenPickerTexts {
  /** Dialog title, e.g. "Select Token". */
  title: string;
  /** Placeholder of the search box, e.g. "Search by name or typeTag". */
  searchPlaceholder: string;
  /** Accessible label of the search box (default "Search tokens"). */
  searchLabel?: string;
  /** Shown when no token matches, e.g. "No tokens found". */
  empty: string;
}

export interface TokenPickerProps<T extends PickerToken> {
  open: boolean;
  onClose: () => void;
  tokens: readonly T[];
  onSelect: (token: T) => void;
  texts: TokenPickerTexts;
  /** Whether a token matches the search text (called with the raw text; trim it yourself). */
  filter: (token: T, query: string) => boolean;
  /** Tokens per page with Previous / Next and "Page n of m"; omit for one scrolling list. */
  pageSize?: number;
  /** The current choice: marked and announced with aria-current. */
  isSelected?: (token: T) => boolean;
  /** Accessible name of a token's button (default: its name). */
  itemLabel?: (token: T) => string;
  /** Second line under the name, e.g. "Min bet 10" or "supra-mainnet". */
  itemDetail?: (token: T) => ReactNode;
  /** Per-token community links (Telegram, website, X) when the token has them (default true). */
  showLinks?: boolean;
  /** id of the search input (default: a generated one). */
  searchId?: string;
  /** More content under the list for the search text (the swap's import by coin type); close ends the picker. */
  extra?: (query: string, close: () => void) => ReactNode;
}

/**
 * The token picker modal shared by every feature that selects a token (slots, swap, burn, ...):
 * a search box, the filtered list (optionally paged), an empty text and each token's community
 * links, opened in a new tab without an opener. Picking a token calls onSelect and closes; closing
 * clears the search. Keyboard: it opens with focus in the search box; ArrowDown/ArrowUp move
 * between the search box and the tokens (Home/End jump to the first/last), Enter picks the focused
 * token, Tab reaches the links, Escape closes (Modal).
 */
export function TokenPicker<T extends PickerToken>({
  open,
  onClose,
  tokens,
  onSelect,
  texts,
  filter,
  pageSize,
  isSelected,
  itemLabel,
  itemDetail,
  showLinks = true,
  searchId,
  extra,
}: TokenPickerProps<T>) {
  const generatedId = useId();
  const inputId = searchId ?? generatedId;
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const matches = useMemo(() => tokens.filter((t) => filter(t, query)), [tokens, filter, query]);
  const pages = pageSize ? Math.max(1, Math.ceil(matches.length / pageSize)) : 1;
  const current = Math.min(page, pages - 1);
  const shown = pageSize ? matches.slice(current * pageSize, (current + 1) * pageSize) : matches;

  const listRef = useRef<HTMLDivElement>(null);
  /** Arrow keys move focus through the search box and the token buttons, in order. */
  const onArrows = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const root = listRef.current;
    if (!root) return;
    const stops = Array.from(root.querySelectorAll<HTMLElement>('[data-picker-stop]'));
    const at = stops.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    // In the search box Home/End keep their text meaning.
    if (at === 0 && (e.key === 'Home' || e.key === 'End')) return;
    let next = at;
    if (e.key === 'ArrowDown') next = Math.min(at + 1, stops.length - 1);
    else if (e.key === 'ArrowUp') next = Math.max(at - 1, 0);
    else if (e.key === 'Home') next = Math.min(1, stops.length - 1);
    else next = stops.length - 1;
    e.preventDefault();
    stops[next]?.focus();
    stops[next]?.scrollIntoView?.({ block: 'nearest' });
  };

  const close = () => {
    setQuery('');
    setPage(0);
    onClose();
  };

  return (
    <Modal open={open} onClose={close} title={texts.title}>
      <div ref={listRef} onKeyDown={onArrows}>
        <label className="sr-only" htmlFor={inputId}>
          {texts.searchLabel ?? 'Search tokens'}
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(0);
          }}
          placeholder={texts.searchPlaceholder}
          autoComplete="off"
          data-autofocus
          data-picker-stop
          className="mb-4 h-11 w-full rounded-xl border border-white/15 bg-ink-900 px-4 text-white placeholder:text-white/40 focus:border-neon-cyan"
        />
        {shown.length === 0 ? (
          <p className="py-8 text-center text-muted">{texts.empty}</p>
        ) : (
          <ul className="-mx-2 max-h-[55vh] space-y-1 overflow-y-auto px-2" aria-label="Tokens">
            {shown.map((t) => {
              const active = isSelected?.(t) ?? false;
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
                    aria-label={itemLabel?.(t) ?? t.name}
                    data-picker-stop
                    className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-1 text-left"
                  >
                    <TokenLogo src={t.logo} name={t.name} size={32} />
                    <span className="min-w-0">
                      <span className="block truncate font-bold text-white">{t.name}</span>
                      {itemDetail && <span className="block text-xs text-muted">{itemDetail(t)}</span>}
                    </span>
                  </button>
                  {showLinks && <TokenLinks token={t} />}
                </li>
              );
            })}
          </ul>
        )}
        {extra?.(query, close)}
        {pageSize !== undefined && matches.length > pageSize && (
          <nav aria-label="Token pages" className="mt-4 flex items-center justify-between gap-2">
            <Button variant="ghost" size="sm" onClick={() => setPage(current - 1)} disabled={current === 0}>
              Previous
            </Button>
            <span className="text-sm text-muted" aria-live="polite">
              Page {current + 1} of {pages}
            </span>
            <Button variant="ghost" size="sm" onClick={() => setPage(current + 1)} disabled={current >= pages - 1}>
              Next
            </Button>
          </nav>
        )}
      </div>
    </Modal>
  );
}

/** Case-insensitive substring match on the name: the default search of most pickers. */
export function matchesName(token: PickerToken, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || token.name.toLowerCase().includes(q);
}

/** Case-insensitive substring match on the name or the coin type (swap: "Search by name or typeTag"). */
export function matchesNameOrType(token: PickerToken, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || token.name.toLowerCase().includes(q) || token.coinType.toLowerCase().includes(q);
}

function TokenLinks({ token: t }: { token: PickerToken }) {
  if (!t.telegram && !t.website && !t.x) return null;
  return (
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
  );
}

const linkClass =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg text-white/70 hover:bg-white/10 hover:text-neon-cyan';
