import { EXPORT_FORMATS, ExportQuery } from '../../lib/list-export.js';
import { Type, type Static } from '@sinclair/typebox';
import { KeysetQuery, Nullable, OneLine, OneOf, Timestamp, Uuid } from '../../lib/schemas.js';
import { StatusKey } from '../catalogue/index.js';
import { WARRANTY_STATES } from '../../vocabulary.js';

/** A serial or IMEI as typed or scanned: one line; stored trimmed, unique per company ignoring case. */
export const Serial = OneLine({ minLength: 1, maxLength: 100 });
export const ModelText = OneLine({ maxLength: 120 });
export const Sku = OneLine({ maxLength: 80 });
export const MAX_RECEIVE = 10_000;
export const MAX_BATCH = 1_000;
const Money = Type.Number({ minimum: 0, maximum: 99_999_999 });
/** Custom field values, shaped by the item type's definitions (checked against them). */
export const FieldValues = Type.Record(
  Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }),
  Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean(), Type.Null()]),
  { maxProperties: 50 },
);
const ImagePaths = Type.Array(Type.String({ minLength: 1, maxLength: 1024, pattern: '^[^\\u0000-\\u001F]+$' }), {
  maxItems: 20,
  description: 'Paths in the ItemImages bucket, under the company’s folder.',
});

export const ItemSchema = Type.Object(
  {
    id: Type.String(),
    serial: Type.String(),
    sku: Nullable(Type.String()),
    itemTypeId: Type.String(),
    itemTypeName: Type.String(),
    brandId: Nullable(Type.String()),
    brandName: Nullable(Type.String()),
    model: Nullable(Type.String()),
    modelId: Nullable(Type.String({ description: 'The product model (catalogue row) the item is of, if any.' })),
    locationId: Type.String(),
    locationName: Type.String(),
    status: StatusKey,
    cost: Type.Optional(
      Nullable(Type.Number({ description: 'Absent for a caller without the items.cost.view permission.' })),
    ),
    salePrice: Nullable(Type.Number()),
    vendorId: Nullable(Type.String()),
    vendorName: Nullable(Type.String({ description: 'The supplier the item came from.' })),
    customerId: Nullable(Type.String()),
    customerName: Type.Optional(
      Nullable(Type.String({ description: 'Absent for a caller without the customers.view permission.' })),
    ),
    receivedAt: Timestamp,
    soldAt: Nullable(Timestamp),
    warrantyMonths: Type.Integer(),
    warrantyEndsAt: Nullable(Timestamp),
    fields: Type.Record(Type.String(), Type.Unknown()),
    images: Type.Array(Type.String()),
    version: Type.Integer(),
    updatedAt: Timestamp,
  },
  { title: 'Item' },
);
export type Item = Static<typeof ItemSchema>;

export const ItemEventSchema = Type.Object(
  {
    id: Type.String(),
    itemId: Type.String(),
    serial: Type.String(),
    version: Type.Integer({ description: 'The item version this event produced: 1, 2, 3… per item.' }),
    kind: Type.String(),
    transactionTypeId: Nullable(Type.String()),
    transactionTypeName: Nullable(Type.String()),
    fromLocationId: Nullable(Type.String()),
    toLocationId: Nullable(Type.String()),
    fromStatus: Nullable(Type.String()),
    toStatus: Nullable(Type.String()),
    customerId: Nullable(Type.String()),
    saleId: Nullable(Type.String()),
    userId: Nullable(Type.String()),
    userName: Nullable(Type.String()),
    note: Nullable(Type.String()),
    reason: Nullable(Type.String({ description: 'Why: always given for a return and a scrap.' })),
    refund: Nullable(Type.Number({ description: 'A return’s amount paid back; null on other events.' })),
    warrantyClaimId: Nullable(Type.String({ description: 'A warranty claim’s step (kind warranty): the claim.' })),
    warrantyState: Nullable(
      OneOf(WARRANTY_STATES, { description: 'A warranty claim’s step: the state the claim reached.' }),
    ),
    stocktakeId: Nullable(
      Type.String({ description: 'A stock-take applied to the item (kind stocktake): the count, its reason.' }),
    ),
    purchaseOrderId: Nullable(
      Type.String({ description: 'A reception against a purchase order (kind receive): the order.' }),
    ),
    purchaseOrderNumber: Nullable(Type.Integer({ description: 'That order’s number (shown as PO-0001).' })),
    loanId: Nullable(Type.String({ description: 'A check-out or check-in (kinds check_out, check_in): the loan.' })),
    loanBorrower: Nullable(Type.String({ description: 'A check-out or check-in: to whom the item was lent.' })),
    loanDueAt: Nullable(Timestamp),
    deltas: Nullable(
      Type.Record(Type.String(), Type.Array(Type.Unknown()), {
        description:
          'An edit’s changes, {field: [before, after]}; a change of cost only for a caller with items.cost.view.',
      }),
    ),
    createdAt: Timestamp,
  },
  { title: 'ItemEvent' },
);
export type ItemEvent = Static<typeof ItemEventSchema>;

export const ReceiveBody = Type.Object(
  {
    itemTypeId: Uuid,
    locationId: Uuid,
    serials: Type.Array(Serial, { minItems: 1, maxItems: MAX_RECEIVE }),
    brandId: Type.Optional(Nullable(Uuid)),
    modelId: Type.Optional(
      Nullable({
        ...Uuid,
        description:
          'A product model of the item type (not archived): the brand, model text, sale price, cost and warranty months left out are the model’s.',
      }),
    ),
    model: Type.Optional(Nullable(ModelText)),
    sku: Type.Optional(Nullable(Sku)),
    vendorId: Type.Optional(Nullable(Uuid)),
    cost: Type.Optional(Nullable(Money)),
    salePrice: Type.Optional(Nullable(Money)),
    warrantyMonths: Type.Optional(Type.Integer({ minimum: 0, maximum: 600 })),
    fields: Type.Optional(FieldValues),
    images: Type.Optional(ImagePaths),
    note: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false, title: 'ReceiveItemsRequest' },
);
export type ReceiveBody = Static<typeof ReceiveBody>;

export const ItemsAnswer = Type.Object({ items: Type.Array(ItemSchema) }, { title: 'ItemsResponse' });

export const ITEM_SORTS = ['received_desc', 'received_asc', 'serial_asc', 'serial_desc', 'updated_desc'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];
/** How the item list can be exported (./export.ts, lib/list-export.ts): for people (csv, xlsx) or machines (raw-csv). */
const ItemExportQuery = {
  ...ExportQuery,
  format: Type.Optional(
    OneOf(EXPORT_FORMATS, {
      description:
        'json: this page. csv (or the header Accept: text/csv) and xlsx: every matching item for people — column names and statuses in `lang`, times in `timeZone`, names instead of ids, one column per custom field. raw-csv: every matching item in the columns the reception import reads (POST /api/imports/items), ids, status keys and UTC ISO times after them.',
    }),
  ),
};

export const ItemListQuery = KeysetQuery(
  ITEM_SORTS,
  {
    search: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'Any part of a serial, model or SKU, case-insensitive (3 characters or more); 1 or 2 characters: the start of a serial.',
      }),
    ),
    status: Type.Optional(StatusKey),
    locationId: Type.Optional(Uuid),
    itemTypeId: Type.Optional(Uuid),
    brandId: Type.Optional(Uuid),
    customerId: Type.Optional(Uuid),
    vendorId: Type.Optional(Uuid),
  },
  ItemExportQuery,
);
export type ItemListQuery = Static<typeof ItemListQuery>;

export const SerialParams = Type.Object({ serial: Serial }, { additionalProperties: false });

export const PatchItemBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1, description: 'The version read: a stale one is a 409.' }),
    serial: Type.Optional(Serial),
    sku: Type.Optional(Nullable(Sku)),
    brandId: Type.Optional(Nullable(Uuid)),
    model: Type.Optional(Nullable(ModelText)),
    cost: Type.Optional(Nullable(Money)),
    salePrice: Type.Optional(Nullable(Money)),
    vendorId: Type.Optional(Nullable(Uuid)),
    warrantyMonths: Type.Optional(Type.Integer({ minimum: 0, maximum: 600 })),
    fields: Type.Optional(FieldValues),
    images: Type.Optional(ImagePaths),
    note: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false, title: 'UpdateItemRequest' },
);
export type PatchItemBody = Static<typeof PatchItemBody>;

export const HistoryAnswer = Type.Object({ events: Type.Array(ItemEventSchema) }, { title: 'ItemHistory' });

export const TransactionBody = Type.Object(
  {
    transactionTypeId: Uuid,
    itemIds: Type.Optional(Type.Array(Uuid, { minItems: 1, maxItems: MAX_BATCH })),
    serials: Type.Optional(Type.Array(Serial, { minItems: 1, maxItems: MAX_BATCH })),
    toLocationId: Type.Optional(Uuid),
    toStatus: Type.Optional(StatusKey),
    customerId: Type.Optional(Uuid),
    note: Type.Optional(Type.String({ maxLength: 1000 })),
    reason: Type.Optional(
      OneLine({ maxLength: 200, description: 'Why (required for a return and a scrap), kept on each event.' }),
    ),
    refund: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 99_999_999,
        description:
          'A return of one item: the amount paid back, at most its sale price. Without it (and without refunds) each item returned is refunded its whole sale price.',
      }),
    ),
    refunds: Type.Optional(
      Type.Array(
        Type.Object(
          {
            itemId: Uuid,
            refund: Type.Number({ minimum: 0, maximum: 99_999_999 }),
          },
          { additionalProperties: false, title: 'ItemRefund' },
        ),
        {
          minItems: 1,
          maxItems: MAX_BATCH,
          description:
            'A return of several items: the amount paid back for each (by item id), each at most its own sale price; an item not named is refunded its whole sale price. Not with refund.',
        },
      ),
    ),
  },
  { additionalProperties: false, title: 'TransactionRequest' },
);
export type TransactionBody = Static<typeof TransactionBody>;

export const EventsAnswer = Type.Object({ events: Type.Array(ItemEventSchema) }, { title: 'TransactionResponse' });
