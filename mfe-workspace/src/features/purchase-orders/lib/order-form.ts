// The purchase order form's values, its checks (zod, for the form kit) and the API body it makes.
import { z } from 'zod';
import type { PurchaseOrder, PurchaseOrderBody } from '@/api/purchase-orders';
import { amountOf, amountText } from '@/lib/item-form';

export interface OrderLineValues {
  modelId: string;
  /** Whole units, as typed. */
  quantity: string;
  /** An amount as typed; empty: the model's cost. */
  unitCost: string;
}

export interface OrderValues {
  vendorId: string;
  note: string;
  lines: OrderLineValues[];
}

export const EMPTY_LINE: OrderLineValues = { modelId: '', quantity: '1', unitCost: '' };

/** A new order starts with one empty line; a draft opens as it was saved. */
export function orderValuesOf(order: PurchaseOrder | null): OrderValues {
  if (!order) return { vendorId: '', note: '', lines: [{ ...EMPTY_LINE }] };
  return {
    vendorId: order.vendorId,
    note: order.note ?? '',
    lines: order.lines.map((l) => ({
      modelId: l.modelId,
      quantity: String(l.quantity),
      unitCost: l.unitCost === undefined ? '' : String(l.unitCost),
    })),
  };
}

export interface OrderMessages {
  vendor: string;
  model: string;
  quantity: string;
  unitCost: string;
  lines: string;
  twice: string;
}

const isQuantity = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 100_000;

export function orderSchema(m: OrderMessages) {
  return z
    .object({
      vendorId: z.string().min(1, m.vendor),
      note: z.string().max(1000),
      lines: z
        .array(
          z.object({
            modelId: z.string().min(1, m.model),
            quantity: z.string().refine(isQuantity, m.quantity),
            unitCost: amountText(m.unitCost),
          }),
        )
        .min(1, m.lines),
    })
    .superRefine((values, context) => {
      // One line per model (the API's rule too): the second one names the problem.
      const seen = new Set<string>();
      values.lines.forEach((line, n) => {
        if (!line.modelId) return;
        if (seen.has(line.modelId))
          context.addIssue({ code: 'custom', path: ['lines', n, 'modelId'], message: m.twice });
        seen.add(line.modelId);
      });
    });
}

/** The body the checked form sends (create or replace a draft). */
export function orderBodyOf(values: OrderValues): PurchaseOrderBody {
  return {
    vendorId: values.vendorId,
    note: values.note.trim() || null,
    lines: values.lines.map((line) => ({
      modelId: line.modelId,
      quantity: Number(line.quantity),
      unitCost: amountOf(line.unitCost),
    })),
  };
}
