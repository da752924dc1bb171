import { matchesName, TokenPicker, type TokenPickerTexts } from '@/components/ui/token-picker';
import type { SlotToken } from '@/types/api';

export interface TokenSelectorModalProps {
  open: boolean;
  onClose: () => void;
  tokens: readonly SlotToken[];
  selected: string;
  onSelect: (token: SlotToken) => void;
}

const texts: TokenPickerTexts = {
  title: 'Select Token',
  searchPlaceholder: 'Search by name...',
  empty: 'No tokens found.',
};

/** The slot game's "Select Token": search by name (case-insensitive substring), min bet, links. */
export function TokenSelectorModal({ open, onClose, tokens, selected, onSelect }: TokenSelectorModalProps) {
  return (
    <TokenPicker
      open={open}
      onClose={onClose}
      tokens={tokens}
      onSelect={onSelect}
      texts={texts}
      filter={matchesName}
      isSelected={(t) => t.name === selected}
      itemLabel={(t) => `${t.name} (min bet ${t.slots.minBet})`}
      itemDetail={(t) => `Min bet ${t.slots.minBet}`}
      searchId="slot-token-search"
    />
  );
}
