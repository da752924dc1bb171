import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TokenSelectorModal } from '@/features/slots/components/token-selector-modal';
import type { SlotToken } from '@/types/api';

const tok = (name: string, order: number, extra: Partial<SlotToken> = {}): SlotToken => ({
  name,
  symbol: name,
  coinType: `0x1::${name}::${name}`,
  decimals: 6,
  logo: '',
  totalSupply: null,
  burnable: false,
  slots: { order, minBet: '10', minBetBase: '10000000', partner: '' },
  ...extra,
});

const tokens = [
  tok('SUPRA', 0, { website: 'https://supra.com' }),
  tok('LUCKY', 1, { telegram: 'https://t.me/lucky_supra', x: 'https://x.com/LuckyTokenz' }),
  tok('SUPRA-MUMMY', 7),
];

describe('TokenSelectorModal', () => {
  it('filters by case-insensitive substring, shows the empty message, and links out safely', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<TokenSelectorModal open onClose={() => {}} tokens={tokens} selected="SUPRA" onSelect={onSelect} />);
    const dialog = screen.getByRole('dialog', { name: 'Select Token' });
    const search = within(dialog).getByPlaceholderText('Search by name...');
    await user.type(search, 'supra');
    expect(within(dialog).getAllByRole('button', { name: /\(min bet/ })).toHaveLength(2);
    await user.clear(search);
    await user.type(search, 'nothing');
    expect(within(dialog).getByText('No tokens found.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'LuC');
    const chat = within(dialog).getByRole('link', { name: 'LUCKY chat' });
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: 'LUCKY on X' })).toHaveAttribute('href', 'https://x.com/LuckyTokenz');
    expect(within(dialog).queryByRole('link', { name: 'LUCKY website' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /^LUCKY \(min bet/ }));
    expect(onSelect).toHaveBeenCalledWith(tokens[1]);
  });
});
