// The checks an item's master data gets on every form that writes it (reception, edit item), as
// zod pieces for the form kit (react-hook-form + zodResolver): one wording, one rule each.
import type { FieldDefinition } from '@stockwise/shared';
import { z } from 'zod';
import { customFieldValues } from '@/components/CustomFieldInput';
import { parseMoney } from './format';

/** The warranty the API takes: whole months, 0 to 600. An empty text reads as 0, as Number('') does. */
export const isWarrantyMonths = (text: string) => {
  const months = Number(text);
  return Number.isInteger(months) && months >= 0 && months <= 600;
};

/** An optional amount as typed ('1250', '1250,50'); empty is none. */
export const amountText = (message: string) =>
  z.string().refine((text) => !text.trim() || parseMoney(text) !== null, message);

/** The amount typed, or null for none (the text has passed amountText). */
export const amountOf = (text: string) => (text.trim() ? parseMoney(text) : null);

export interface CustomFieldMessages {
  required: string;
  number: string;
}

/**
 * An item type's own fields, checked by their definitions (required, number): each error goes on
 * `fields.<key>`, where the form shows it under that field.
 */
export function checkCustomFields(
  definitions: readonly FieldDefinition[],
  raw: Record<string, unknown>,
  messages: CustomFieldMessages,
  context: z.RefinementCtx,
) {
  const { errors } = customFieldValues([...definitions], raw, messages);
  for (const [key, message] of Object.entries(errors)) {
    context.addIssue({ code: 'custom', path: ['fields', key], message });
  }
}
