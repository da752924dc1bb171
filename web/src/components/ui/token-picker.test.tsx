import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { matchesName, matchesNameOrType, TokenPicker, type PickerToken } from '@/components/ui/token-picker';

const tok = (name: string, extra: Partial<PickerToken> = {}): PickerToken => ({
  name,
  coinType: `0x${name.length}::${name.toLowerCase()}::${name}`,
  logo: '',
  ...extra,
});

// Twelve tokens: three pages of 5 (the burn picker's page size, docs/product.md, Burn).
const tokens = ['SUPRA', 'LUCKY', 'DOGE', 'MUMMY', 'SPIKE', 'CATS', 'BIRD', 'FROG', 'MOON', 'STAR', 'ROCK', 'WAVE'].map(
  (n) => tok(n, n === 'LUCKY' ? { telegram: 'https://t.me/lucky_supra', x: 'https://x.com/LuckyTokenz' } : {}),
);

const burnTexts = { title: 'Select Token', searchPlaceholder: 'Search tokens...', empty: 'No tokens found' };

function names(dialog: HTMLElement): string[] {
  return within(within(dialog).getByRole('list', { name: 'Tokens' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? '');
}

describe('TokenPicker', () => {
  it('pages 5 at a time with Previous / Next and "Page n of m"; a search goes back to page 1', async () => {
    const user = userEvent.setup();
    render(
      <TokenPicker open onClose={() => {}} tokens={tokens} onSelect={() => {}} texts={burnTexts} filter={matchesName} pageSize={5} itemDetail={() => 'supra-mainnet'} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Select Token' });
    expect(names(dialog)).toEqual(['SUPRA', 'LUCKY', 'DOGE', 'MUMMY', 'SPIKE']);
    expect(within(dialog).getAllByText('supra-mainnet')).toHaveLength(5);
    expect(within(dialog).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(names(dialog)).toEqual(['CATS', 'BIRD', 'FROG', 'MOON', 'STAR']);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(names(dialog)).toEqual(['ROCK', 'WAVE']);
    expect(within(dialog).getByText('Page 3 of 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getByText('Page 2 of 3')).toBeInTheDocument();

    await user.type(within(dialog).getByPlaceholderText('Search tokens...'), 'o');
    // DOGE, FROG, MOON, ROCK: one page, so no page buttons.
    expect(names(dialog)).toEqual(['DOGE', 'FROG', 'MOON', 'ROCK']);
    expect(within(dialog).queryByRole('navigation', { name: 'Token pages' })).toBeNull();
  });

  it('uses the feature\'s filter and empty text', async () => {
    const user = userEvent.setup();
    render(
      <TokenPicker
        open
        onClose={() => {}}
        tokens={tokens}
        onSelect={() => {}}
        texts={{ title: 'Select Token', searchPlaceholder: 'Search by name or typeTag', empty: 'No tokens found' }}
        filter={matchesNameOrType}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Select Token' });
    const search = within(dialog).getByPlaceholderText('Search by name or typeTag');
    await user.type(search, '::lucky::');
    expect(names(dialog)).toEqual(['LUCKY']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(within(dialog).getByText('No tokens found')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Tokens' })).toBeNull();
  });

  it('selects and closes, marks the current token, links out without an opener', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const onClose = vi.fn();
    render(
      <TokenPicker
        open
        onClose={onClose}
        tokens={tokens}
        onSelect={onSelect}
        texts={burnTexts}
        filter={matchesName}
        isSelected={(t) => t.name === 'LUCKY'}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Select Token' });
    expect(within(dialog).getByRole('button', { name: 'LUCKY' })).toHaveAttribute('aria-current', 'true');
    expect(within(dialog).getByRole('button', { name: 'SUPRA' })).not.toHaveAttribute('aria-current');
    const chat = within(dialog).getByRole('link', { name: 'LUCKY chat' });
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(within(dialog).queryByRole('link', { name: 'SUPRA chat' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'DOGE' }));
    expect(onSelect).toHaveBeenCalledWith(tokens[2]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<TokenPicker open onClose={onClose} tokens={tokens} onSelect={() => {}} texts={burnTexts} filter={matchesName} />);
    await user.type(screen.getByPlaceholderText('Search tokens...'), 'x');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('TokenPicker keyboard', () => {
  it('opens with focus in the search box; arrows move through the list, Enter picks, Escape closes', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const onClose = vi.fn();
    render(
      <TokenPicker open onClose={onClose} tokens={tokens.slice(0, 4)} onSelect={onSelect} texts={burnTexts} filter={matchesName} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Select Token' });
    const search = within(dialog).getByPlaceholderText('Search tokens...');
    expect(search).toHaveFocus();
    const button = (name: string) => within(dialog).getByRole('button', { name });

    await user.keyboard('{ArrowDown}');
    expect(button('SUPRA')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(button('DOGE')).toHaveFocus();
    await user.keyboard('{End}');
    expect(button('MUMMY')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(button('MUMMY')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(button('SUPRA')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(search).toHaveFocus();

    // Typing filters; ArrowDown then reaches the first match, Enter picks it.
    await user.keyboard('uck{ArrowDown}');
    expect(button('LUCKY')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(tokens[1]);
    expect(onClose).toHaveBeenCalled();
  });

  it('Escape closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<TokenPicker open onClose={onClose} tokens={tokens} onSelect={() => {}} texts={burnTexts} filter={matchesName} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
