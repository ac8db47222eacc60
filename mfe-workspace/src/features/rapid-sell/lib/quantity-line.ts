import { useState } from 'react';
import { moneyInput, parseMoney } from '@/lib/format';
import { lastKnown, withLastKnown } from '@/offline';
import { isBarcodeOf, quantityModelByBarcode, quantityOf, type QuantityModel } from '@/lib/quantity-models';

export interface QuantityLine {
  model: QuantityModel;
  quantity: string;
  price: string;
}

/** Where the device keeps what a scanned code turned out to be (a model by quantity, or null: not one). */
const keptAs = (code: string) => `quantity-model:${code.trim().toLowerCase()}`;

/**
 * Rapid Sell's line of a model × quantity: a scan of the model's barcode starts it with one (at the
 * model's price), each further scan of the same barcode adds one; quantity and price stay editable.
 */
export function useQuantityLine(language: string, onReady: (model: QuantityModel, quantity: number) => void) {
  const [line, setLine] = useState<QuantityLine | null>(null);
  const quantity = line ? quantityOf(line.quantity) : null;
  function start(model: QuantityModel | null) {
    if (model) {
      setLine({ model, quantity: '1', price: moneyInput(model.salePrice, language) });
      onReady(model, 1);
    }
    return model;
  }
  return {
    line,
    quantity,
    /** A scan that is no serial: the barcode of a model sold by quantity starts its line with one. */
    async startFrom(code: string) {
      // Kept on the device, so the same barcode still starts its line when the network is gone.
      return start(await withLastKnown(keptAs(code), () => quantityModelByBarcode(code)));
    },
    /** Offline: the line of the model this device last knew the code as (null: none known). */
    async startFromKept(code: string) {
      return start((await lastKnown<QuantityModel | null>(keptAs(code))) ?? null);
    },
    /** One more of the model on screen when this is its barcode (true); false otherwise (look it up). */
    more(code: string) {
      if (!line || !isBarcodeOf(line.model, code)) return false;
      const next = (quantity ?? 0) + 1;
      setLine({ ...line, quantity: String(next) });
      onReady(line.model, next);
      return true;
    },
    set: (patch: Partial<Pick<QuantityLine, 'quantity' | 'price'>>) => setLine(line ? { ...line, ...patch } : null),
    clear: () => setLine(null),
    /** The sale's line, or null while the quantity or the price is not a number. */
    body() {
      const price = line ? parseMoney(line.price) : null;
      if (!line || quantity === null || price === null) return null;
      return { modelId: line.model.id, quantity, price };
    },
  };
}
export type QuantityLineState = ReturnType<typeof useQuantityLine>;
