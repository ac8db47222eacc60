import { useState } from 'react';
import { parseMoney } from '@/lib/format';

/**
 * The discounts typed on a sale's lines, by item id: an amount taken off the line's price (blank: none).
 * Kept apart from the sale screens' own state so the screens only ask for a line's discount and whether it is valid.
 */
export function useDiscounts() {
  const [texts, setTexts] = useState<Record<string, string>>({});
  /** The amount, 0 when blank, null when it is not an amount. */
  const amount = (itemId: string): number | null => {
    const text = (texts[itemId] ?? '').trim();
    return text === '' ? 0 : parseMoney(text);
  };
  return {
    text: (itemId: string) => texts[itemId] ?? '',
    set: (itemId: string, text: string) => setTexts((current) => ({ ...current, [itemId]: text })),
    amount,
    /** A discount is valid from 0 up to the line's price (the API refuses more). */
    valid: (itemId: string, price: number | null) => {
      const value = amount(itemId);
      return value !== null && (price === null || value <= price);
    },
    clear: () => setTexts({}),
  };
}
export type Discounts = ReturnType<typeof useDiscounts>;
