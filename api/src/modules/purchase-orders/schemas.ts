import { Type, type Static } from '@sinclair/typebox';
import { DOCUMENT_LANGUAGES } from '../../lib/pdf.js';
import { ExportQuery } from '../../lib/list-export.js';
import { KeysetPage, KeysetQuery, Nullable, OneOf, Timestamp, Uuid } from '../../lib/schemas.js';
import { PURCHASE_ORDER_STATUSES } from '../../vocabulary.js';
import { FieldValues, ItemSchema, MAX_RECEIVE, Serial } from '../items/index.js';
import { QuantityStockSchema } from '../quantity-stock/index.js';

// Purchase orders: what a company orders from a vendor, by product model, and receives against.

const Money = Type.Number({ minimum: 0, maximum: 99_999_999 });
const Status = OneOf(PURCHASE_ORDER_STATUSES, {
  description: 'draft → sent → partly_received → received; cancelled before it is all in.',
});
const COST = 'Absent for a caller who holds neither items.cost.view nor purchasing.manage.';

export const PurchaseOrderLineSchema = Type.Object(
  {
    modelId: Type.String(),
    modelName: Type.String(),
    itemTypeId: Type.String(),
    itemTypeName: Type.String(),
    brandId: Nullable(Type.String()),
    brandName: Nullable(Type.String()),
    trackedByQuantity: Type.Boolean({
      description: 'The model is tracked by quantity: the line is received as a quantity, not serials.',
    }),
    quantity: Type.Integer({ minimum: 1 }),
    unitCost: Type.Optional(Type.Number({ description: `The price agreed for one. ${COST}` })),
    received: Type.Integer({ minimum: 0, description: 'How many were received against this line.' }),
    due: Type.Integer({ minimum: 0, description: 'quantity − received: what is still to come.' }),
  },
  { title: 'PurchaseOrderLine' },
);

const summaryFields = {
  id: Type.String(),
  number: Type.Integer({ minimum: 1, description: 'Numbered per company from 1.' }),
  reference: Type.String({ description: 'The number as people read it: PO-0001.' }),
  vendorId: Type.String(),
  vendorName: Type.String(),
  vendorEmail: Nullable(Type.String({ description: 'Where "send" mails the order.' })),
  status: Status,
  note: Nullable(Type.String()),
  currency: Type.String({ description: 'The company’s currency when the order was written.' }),
  quantity: Type.Integer({ minimum: 0, description: 'Units ordered, every line.' }),
  received: Type.Integer({ minimum: 0, description: 'Units received against it.' }),
  total: Type.Optional(Type.Number({ description: `Σ quantity × unit cost. ${COST}` })),
  createdBy: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  sentAt: Nullable(Timestamp),
  sentTo: Nullable(Type.String({ description: 'The address it was mailed to.' })),
  cancelledAt: Nullable(Timestamp),
};
export const PurchaseOrderSummarySchema = Type.Object(summaryFields, { title: 'PurchaseOrderSummary' });
export type PurchaseOrderSummary = Static<typeof PurchaseOrderSummarySchema>;
export const PurchaseOrderSchema = Type.Object(
  { ...summaryFields, lines: Type.Array(PurchaseOrderLineSchema) },
  { title: 'PurchaseOrder' },
);
export type PurchaseOrder = Static<typeof PurchaseOrderSchema>;

const LineInput = Type.Object(
  {
    modelId: Uuid,
    quantity: Type.Integer({ minimum: 1, maximum: 100_000 }),
    unitCost: Type.Optional(
      Nullable({ ...Money, description: 'Left out or null: the model’s cost (400 when it has none).' }),
    ),
  },
  { additionalProperties: false },
);
const Lines = Type.Array(LineInput, {
  minItems: 1,
  maxItems: 500,
  description: 'The whole set, one line per model.',
});
const Note = Nullable(Type.String({ maxLength: 1000 }));

export const CreatePurchaseOrderBody = Type.Object(
  { vendorId: Uuid, note: Type.Optional(Note), lines: Lines },
  { additionalProperties: false, title: 'CreatePurchaseOrderRequest' },
);
export const UpdatePurchaseOrderBody = Type.Object(
  { vendorId: Type.Optional(Uuid), note: Type.Optional(Note), lines: Type.Optional(Lines) },
  { additionalProperties: false, title: 'UpdatePurchaseOrderRequest' },
);
export type OrderInput = Static<typeof UpdatePurchaseOrderBody>;

export const SendPurchaseOrderBody = Type.Object(
  {
    lang: Type.Optional(
      OneOf(DOCUMENT_LANGUAGES, { description: 'The language of the mail and its PDF (default en).' }),
    ),
  },
  { additionalProperties: false, title: 'SendPurchaseOrderRequest' },
);
export type SendPurchaseOrderBody = Static<typeof SendPurchaseOrderBody>;

export const PdfQuery = Type.Object(
  {
    lang: Type.Optional(OneOf(DOCUMENT_LANGUAGES)),
  },
  { additionalProperties: false },
);

export const ReceiveAgainstBody = Type.Object(
  {
    modelId: { ...Uuid, description: 'The order line’s model: the items’ type, brand, model and cost are the line’s.' },
    locationId: Uuid,
    serials: Type.Optional(
      Type.Array(Serial, {
        minItems: 1,
        maxItems: MAX_RECEIVE,
        description: 'A line of a model tracked by unit: the serials received (required for it).',
      }),
    ),
    quantity: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100_000,
        description:
          'A line of a model tracked by quantity: how many were received (required for it, instead of serials).',
      }),
    ),
    salePrice: Type.Optional(Nullable({ ...Money, description: 'Serials only.' })),
    warrantyMonths: Type.Optional(Type.Integer({ minimum: 0, maximum: 600, description: 'Serials only.' })),
    fields: Type.Optional(FieldValues),
    note: Type.Optional(
      Type.String({
        maxLength: 1000,
        description: 'Each item’s note; a quantity’s reason on the ledger (then one line, at most 200 characters).',
      }),
    ),
  },
  { additionalProperties: false, title: 'ReceiveAgainstPurchaseOrderRequest' },
);
export type ReceiveAgainstBody = Static<typeof ReceiveAgainstBody>;
export const ReceiveAgainstAnswer = Type.Object(
  {
    items: Type.Array(ItemSchema, { description: 'The items received (none for a quantity).' }),
    order: PurchaseOrderSchema,
    /** A quantity received: the model's stock once it is in. */
    stock: Type.Optional(QuantityStockSchema),
  },
  { title: 'ReceiveAgainstPurchaseOrderResponse' },
);

export const ORDER_SORTS = ['number_desc'] as const;
export const PurchaseOrderListQuery = KeysetQuery(
  ORDER_SORTS,
  {
    status: Type.Optional(
      OneOf([...PURCHASE_ORDER_STATUSES, 'open'], {
        description: 'One status, or open: sent or partly received (what reception can receive against).',
      }),
    ),
    vendorId: Type.Optional(Uuid),
  },
  ExportQuery,
);
export type PurchaseOrderListQuery = Static<typeof PurchaseOrderListQuery>;
export const PurchaseOrderPage = KeysetPage(PurchaseOrderSummarySchema, 'PurchaseOrderPage');
