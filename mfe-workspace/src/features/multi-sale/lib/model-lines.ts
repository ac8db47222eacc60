import { useState } from 'react';
import { moneyInput, parseMoney } from '@/lib/format';
import { isBarcodeOf, quantityOf, type QuantityModel } from '@/lib/quantity-models';

export interface ModelLine {
  model: QuantityModel;
  quantity: string;
  /** The price of one, as typed. */
  price: string;
}

/**
 * The cart's lines of models sold by quantity (cables, cases: no serial): the first scan of a
 * model's barcode adds a line of one at the model's price, each further scan one more; quantity
 * and price stay editable. A model has one line, however often it is scanned.
 */
export function useModelLines(language: string) {
  const [lines, setLines] = useState<ModelLine[]>([]);
  const checked = lines.map((line) => ({ quantity: quantityOf(line.quantity), price: parseMoney(line.price) }));
  return {
    lines,
    checked,
    /** Before tax, as the item lines' sum: one's price × quantity for each valid line. */
    total: checked.reduce((sum, { quantity, price }) => sum + (quantity ?? 0) * (price ?? 0), 0),
    /** One more of a model already in the cart when this is its barcode: the model and its new quantity, or null. */
    more(code: string): { model: QuantityModel; quantity: number } | null {
      const at = lines.findIndex((line) => isBarcodeOf(line.model, code));
      if (at < 0) return null;
      const next = (checked[at]!.quantity ?? 0) + 1;
      setLines((current) => current.map((line, i) => (i === at ? { ...line, quantity: String(next) } : line)));
      return { model: lines[at]!.model, quantity: next };
    },
    add: (model: QuantityModel) =>
      setLines((current) => [...current, { model, quantity: '1', price: moneyInput(model.salePrice, language) }]),
    set: (at: number, patch: Partial<Pick<ModelLine, 'quantity' | 'price'>>) =>
      setLines((current) => current.map((line, i) => (i === at ? { ...line, ...patch } : line))),
    remove: (at: number) => setLines((current) => current.filter((_, i) => i !== at)),
    clear: () => setLines([]),
    /** The sale's lines, or null while any quantity or price is not a number. */
    body() {
      if (checked.some(({ quantity, price }) => quantity === null || price === null)) return null;
      return lines.map((line, i) => ({
        modelId: line.model.id,
        quantity: checked[i]!.quantity!,
        price: checked[i]!.price!,
      }));
    },
  };
}
export type ModelLines = ReturnType<typeof useModelLines>;
