import { TokenPicker, matchesNameOrType } from '@/components/ui/token-picker';
import { swapText } from '../utils/messages';
import { sameType, type SwapToken } from '../utils/pair';
import { ImportToken, type ImportedToken } from './import-token';

/** The swap's token picker: the listed tokens, searchable by name or coin type, and the import of an unlisted coin by its type. */
export function SwapTokenPicker({
  tokens,
  selected,
  onClose,
  onSelect,
  onImport,
}: {
  tokens: SwapToken[];
  /** The coin type of the side being picked. */
  selected: string | undefined;
  onClose: () => void;
  onSelect: (t: SwapToken) => void;
  onImport: (t: ImportedToken) => void;
}) {
  return (
    <TokenPicker
      open
      onClose={onClose}
      tokens={tokens}
      onSelect={onSelect}
      extra={(query, close) => (
        <ImportToken
          query={query}
          known={tokens.some((t) => sameType(t.coinType, query.trim()))}
          onImport={(t) => {
            onImport(t);
            close();
          }}
        />
      )}
      texts={{ title: swapText.pickerTitle, searchPlaceholder: swapText.pickerSearch, empty: swapText.pickerEmpty }}
      filter={matchesNameOrType}
      isSelected={(t) => selected === t.coinType}
      itemDetail={(t) => <span className="font-mono">{t.coinType.length > 30 ? `${t.coinType.slice(0, 10)}…${t.coinType.slice(-18)}` : t.coinType}</span>}
    />
  );
}
