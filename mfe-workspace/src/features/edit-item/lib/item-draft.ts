// Edit item's form: the item as the user edits it, its checks (zod, for the form kit), and the
// PATCH it makes: only what changed, with the version read.
import type { FieldDefinition } from '@stockwise/shared';
import { z } from 'zod';
import type { Item, ItemPatch } from '@/api/inventory';
import { customFieldValues } from '@/components/CustomFieldInput';
import { moneyInput } from '@/lib/format';
import { amountOf, amountText, checkCustomFields, isWarrantyMonths, type CustomFieldMessages } from '@/lib/item-form';

export interface ItemDraft {
  serial: string;
  sku: string;
  brandId: string;
  model: string;
  cost: string;
  salePrice: string;
  warrantyMonths: string;
  /** The item type's own fields by key, as typed. */
  fields: Record<string, unknown>;
  /** Why, kept in the item's history. */
  note: string;
}

export const draftOf = (item: Item, language: string): ItemDraft => ({
  serial: item.serial,
  sku: item.sku ?? '',
  brandId: item.brandId ?? '',
  model: item.model ?? '',
  cost: moneyInput(item.cost, language),
  salePrice: moneyInput(item.salePrice, language),
  warrantyMonths: String(item.warrantyMonths),
  fields: Object.fromEntries(
    Object.entries(item.fields).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]),
  ),
  note: '',
});

export interface ItemDraftMessages extends CustomFieldMessages {
  invalidAmount: string;
  invalidMonths: string;
}

export function itemDraftSchema(definitions: readonly FieldDefinition[], m: ItemDraftMessages) {
  return z
    .object({
      serial: z.string().refine((text) => text.trim().length > 0, m.required),
      sku: z.string(),
      brandId: z.string(),
      model: z.string(),
      cost: amountText(m.invalidAmount),
      salePrice: amountText(m.invalidAmount),
      warrantyMonths: z.string().refine(isWarrantyMonths, m.invalidMonths),
      fields: z.record(z.string(), z.unknown()),
      note: z.string(),
    })
    .superRefine((values, context) => checkCustomFields(definitions, values.fields, m, context));
}

/** The PATCH for a checked draft: what differs from `base`, with its version; null when nothing does. */
/** What changed, against the version read; a cost only from who may see it (the API refuses it otherwise). */
export function patchOf(
  base: Item,
  draft: ItemDraft,
  definitions: readonly FieldDefinition[],
  seesCost: boolean,
): ItemPatch | null {
  // The messages do not matter here: the draft has been checked.
  const custom = customFieldValues([...definitions], draft.fields, { required: '', number: '' });
  const body: ItemPatch = { version: base.version };
  const changed = <K extends keyof ItemPatch>(key: K, value: ItemPatch[K], before: unknown) => {
    if (JSON.stringify(value) !== JSON.stringify(before)) body[key] = value;
  };
  changed('serial', draft.serial.trim(), base.serial);
  changed('sku', draft.sku.trim() || null, base.sku);
  changed('brandId', draft.brandId || null, base.brandId);
  changed('model', draft.model.trim() || null, base.model);
  if (seesCost) changed('cost', amountOf(draft.cost), base.cost);
  changed('salePrice', amountOf(draft.salePrice), base.salePrice);
  changed('warrantyMonths', Number(draft.warrantyMonths), base.warrantyMonths);
  changed('fields', { ...base.fields, ...custom.values }, base.fields);
  if (Object.keys(body).length === 1) return null;
  if (draft.note.trim()) body.note = draft.note.trim();
  return body;
}
