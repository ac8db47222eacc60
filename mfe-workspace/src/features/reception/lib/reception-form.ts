// The reception form's values, its checks (zod, for the form kit) and the API body it makes.
import type { FieldDefinition } from '@stockwise/shared';
import { z } from 'zod';
import type { Customer, ReceiveRequest } from '@/api/inventory';
import type { ReceiveAgainstBody } from '@/api/purchase-orders';
import { customFieldValues } from '@/components/CustomFieldInput';
import { amountOf, amountText, checkCustomFields, isWarrantyMonths, type CustomFieldMessages } from '@/lib/item-form';
import { MAX_SERIALS, parseSerials } from './serials';

export interface ReceptionValues {
  itemTypeId: string;
  brandId: string;
  /** The product model picked ('' for none): it filled the brand, model, amounts and warranty. */
  modelId: string;
  model: string;
  sku: string;
  locationId: string;
  cost: string;
  salePrice: string;
  warrantyMonths: string;
  /** The item type's own fields by key, as typed. */
  fields: Record<string, unknown>;
  /** One serial or range a line, as scanned or pasted. */
  serials: string;
}

const EMPTY_RECEPTION: ReceptionValues = {
  itemTypeId: '',
  brandId: '',
  modelId: '',
  model: '',
  sku: '',
  locationId: '',
  cost: '',
  salePrice: '',
  warrantyMonths: '',
  fields: {},
  serials: '',
};

/**
 * Where a reception starts: the only active item type and the only active location are chosen
 * already (a new company has exactly "General" and "Main store"), so a first receipt is serials
 * and Receive. With a choice to make, nothing is guessed.
 */
export function startingReception(
  types: readonly { id: string; warrantyMonths: number }[],
  locations: readonly { id: string }[],
): ReceptionValues {
  const type = types.length === 1 ? types[0] : undefined;
  const location = locations.length === 1 ? locations[0] : undefined;
  return {
    ...EMPTY_RECEPTION,
    itemTypeId: type?.id ?? '',
    // As choosing the type does (ReceptionDetails' chooseType): it brings its warranty.
    warrantyMonths: type ? String(type.warrantyMonths) : '',
    locationId: location?.id ?? '',
  };
}

/**
 * The serials field's error when the list has duplicates or unreadable lines: the field is marked
 * (and takes focus) while the warnings under it say which lines, so its hint stays readable.
 */
export const FLAGGED_BELOW = ' ';

export interface ReceptionMessages extends CustomFieldMessages {
  invalidAmount: string;
  invalidMonths: string;
  noSerials: string;
  tooMany: string;
}

export function receptionSchema(fieldsOf: (itemTypeId: string) => readonly FieldDefinition[], m: ReceptionMessages) {
  return z
    .object({
      itemTypeId: z.string().min(1, m.required),
      locationId: z.string().min(1, m.required),
      brandId: z.string(),
      modelId: z.string(),
      model: z.string(),
      sku: z.string(),
      cost: amountText(m.invalidAmount),
      salePrice: amountText(m.invalidAmount),
      warrantyMonths: z.string().refine((text) => !text.trim() || isWarrantyMonths(text), m.invalidMonths),
      fields: z.record(z.string(), z.unknown()),
      serials: z.string(),
    })
    .superRefine((values, context) => {
      checkCustomFields(fieldsOf(values.itemTypeId), values.fields, m, context);
      const parsed = parseSerials(values.serials);
      const problem =
        parsed.serials.length === 0
          ? m.noSerials
          : parsed.serials.length > MAX_SERIALS
            ? m.tooMany
            : parsed.duplicates.length || parsed.problems.length
              ? FLAGGED_BELOW
              : null;
      if (problem) context.addIssue({ code: 'custom', path: ['serials'], message: problem });
    });
}

/** The one all-or-nothing call the checked form makes. */
export function receiveRequestOf(
  values: ReceptionValues,
  definitions: readonly FieldDefinition[],
  vendor: Customer | null,
  images: string[],
): ReceiveRequest {
  const body: ReceiveRequest = {
    itemTypeId: values.itemTypeId,
    locationId: values.locationId,
    serials: parseSerials(values.serials).serials,
    brandId: values.brandId || null,
    model: values.model.trim() || null,
    modelId: values.modelId || null,
    sku: values.sku.trim() || null,
    vendorId: vendor?.id ?? null,
    cost: amountOf(values.cost),
    salePrice: amountOf(values.salePrice),
    // The messages do not matter here: the form has been checked.
    fields: customFieldValues([...definitions], values.fields, { required: '', number: '' }).values,
  };
  if (images.length) body.images = images;
  if (values.warrantyMonths.trim()) body.warrantyMonths = Number(values.warrantyMonths);
  return body;
}

/**
 * The call of a reception against an order's line: the type, model, brand, vendor and cost are the
 * line's (the API takes them from the order); what is typed here is where, the serials, and what
 * the model does not say (sale price and warranty left empty: the model's).
 */
export function orderReceptionOf(values: ReceptionValues, definitions: readonly FieldDefinition[]): ReceiveAgainstBody {
  const body: ReceiveAgainstBody = {
    modelId: values.modelId,
    locationId: values.locationId,
    serials: parseSerials(values.serials).serials,
    fields: customFieldValues([...definitions], values.fields, { required: '', number: '' }).values,
  };
  const salePrice = amountOf(values.salePrice);
  if (salePrice !== null) body.salePrice = salePrice;
  if (values.warrantyMonths.trim()) body.warrantyMonths = Number(values.warrantyMonths);
  return body;
}
