import { Type, type Static } from '@sinclair/typebox';
import { Email, FormatQuery, Nullable, OneLine, OneOf, Timestamp, Uuid } from '../../lib/schemas.js';
import { STATUSES, TRANSACTION_KINDS, type StatusKey as StatusWord, type TransactionKind } from '../../vocabulary.js';

// The catalogue a company's items are described with: item types (with their custom fields),
// brands, locations, customers/vendors, transaction types, status display names, label settings.

export { STATUSES };
export type StatusKey = StatusWord;
export const StatusKey = OneOf(STATUSES, { title: 'StatusKey' });
export { TRANSACTION_KINDS, type TransactionKind };

const Name = OneLine({ minLength: 1, maxLength: 120 });
const Text = (maxLength: number) => Nullable(OneLine({ maxLength }));

// ── item types ──
export const FIELD_TYPES = ['text', 'number', 'date', 'select', 'boolean'] as const;
export const FieldDefinition = Type.Object(
  {
    key: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$', description: 'The key item.fields uses.' }),
    label: OneLine({ minLength: 1, maxLength: 80 }),
    type: OneOf(FIELD_TYPES),
    required: Type.Boolean(),
    options: Type.Optional(Type.Array(OneLine({ minLength: 1, maxLength: 80 }), { maxItems: 100 })),
  },
  { additionalProperties: false, title: 'FieldDefinition' },
);
export type FieldDefinition = Static<typeof FieldDefinition>;

export const ItemTypeSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    serialRequired: Type.Boolean(),
    warrantyMonths: Type.Integer(),
    fields: Type.Array(FieldDefinition),
    active: Type.Boolean(),
    createdAt: Timestamp,
  },
  { title: 'ItemType' },
);
export type ItemType = Static<typeof ItemTypeSchema>;
const itemTypeFields = {
  name: Name,
  serialRequired: Type.Boolean(),
  warrantyMonths: Type.Integer({ minimum: 0, maximum: 600 }),
  fields: Type.Array(FieldDefinition, { maxItems: 50 }),
  active: Type.Boolean(),
};
export const CreateItemTypeBody = Type.Object(
  {
    name: Name,
    serialRequired: Type.Optional(itemTypeFields.serialRequired),
    warrantyMonths: Type.Optional(itemTypeFields.warrantyMonths),
    fields: Type.Optional(itemTypeFields.fields),
    active: Type.Optional(itemTypeFields.active),
  },
  { additionalProperties: false, title: 'CreateItemTypeRequest' },
);
export const UpdateItemTypeBody = Type.Partial(Type.Object(itemTypeFields), {
  additionalProperties: false,
  minProperties: 1,
  title: 'UpdateItemTypeRequest',
});

// ── brands ──
export const BrandSchema = Type.Object(
  { id: Type.String(), name: Type.String(), createdAt: Timestamp },
  { title: 'Brand' },
);
export type Brand = Static<typeof BrandSchema>;
export const BrandBody = Type.Object({ name: Name }, { additionalProperties: false, title: 'BrandRequest' });

// ── locations ──
export const LOCATION_KINDS = ['warehouse', 'store', 'other'] as const;
const LocationKind = OneOf(LOCATION_KINDS);
export const LocationSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    kind: LocationKind,
    parentId: Nullable(Type.String()),
    active: Type.Boolean(),
    createdAt: Timestamp,
  },
  { title: 'Location' },
);
export type Location = Static<typeof LocationSchema>;
export const CreateLocationBody = Type.Object(
  {
    name: Name,
    kind: Type.Optional(LocationKind),
    parentId: Type.Optional(Nullable(Uuid)),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, title: 'CreateLocationRequest' },
);
export const UpdateLocationBody = Type.Object(
  {
    name: Type.Optional(Name),
    kind: Type.Optional(LocationKind),
    parentId: Type.Optional(Nullable(Uuid)),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1, title: 'UpdateLocationRequest' },
);

// ── customers / vendors ──
const customerFields = {
  name: Name,
  isCustomer: Type.Boolean(),
  isVendor: Type.Boolean(),
  contactName: Text(120),
  email: Nullable(Email),
  phone: Text(40),
  taxId: Text(40),
  address: Text(500),
  notes: Nullable(Type.String({ maxLength: 2000 })),
  active: Type.Boolean(),
};
export const CustomerSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    isCustomer: Type.Boolean(),
    isVendor: Type.Boolean(),
    contactName: Nullable(Type.String()),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    taxId: Nullable(Type.String()),
    address: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    active: Type.Boolean({ description: 'A deactivated one keeps its history but takes no new sale or reception.' }),
    createdAt: Timestamp,
  },
  { title: 'Customer' },
);
export type Customer = Static<typeof CustomerSchema>;
export const CreateCustomerBody = Type.Object(
  {
    name: Name,
    isCustomer: Type.Optional(customerFields.isCustomer),
    isVendor: Type.Optional(customerFields.isVendor),
    contactName: Type.Optional(customerFields.contactName),
    email: Type.Optional(customerFields.email),
    phone: Type.Optional(customerFields.phone),
    taxId: Type.Optional(customerFields.taxId),
    address: Type.Optional(customerFields.address),
    notes: Type.Optional(customerFields.notes),
    active: Type.Optional(customerFields.active),
  },
  { additionalProperties: false, title: 'CreateCustomerRequest' },
);
export const UpdateCustomerBody = Type.Partial(Type.Object(customerFields), {
  additionalProperties: false,
  minProperties: 1,
  title: 'UpdateCustomerRequest',
});

// ── transaction types ──
const TransactionKindSchema = OneOf(TRANSACTION_KINDS);
export const TransactionTypeSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    kind: TransactionKindSchema,
    builtIn: Type.Boolean(),
    fromStatuses: Type.Array(StatusKey),
    toStatus: Nullable(StatusKey),
    defaultFromLocationId: Nullable(Type.String()),
    defaultToLocationId: Nullable(Type.String()),
    customerRequired: Type.Boolean(),
    printLabel: Type.Boolean(),
    active: Type.Boolean(),
    createdAt: Timestamp,
  },
  { title: 'TransactionType' },
);
export type TransactionType = Static<typeof TransactionTypeSchema>;
const transactionTypeFields = {
  name: Name,
  fromStatuses: Type.Array(StatusKey, { maxItems: 8, uniqueItems: true }),
  toStatus: Nullable(StatusKey),
  defaultFromLocationId: Nullable(Uuid),
  defaultToLocationId: Nullable(Uuid),
  customerRequired: Type.Boolean(),
  printLabel: Type.Boolean(),
  active: Type.Boolean(),
};
export const CreateTransactionTypeBody = Type.Object(
  {
    name: Name,
    kind: Type.Union(
      ['process', 'move', 'status_change', 'return', 'scrap'].map((k) => Type.Literal(k)),
      {
        description: 'receive and sell are the engine’s own entry points: one built-in type each.',
      },
    ),
    fromStatuses: transactionTypeFields.fromStatuses,
    toStatus: Type.Optional(transactionTypeFields.toStatus),
    defaultFromLocationId: Type.Optional(transactionTypeFields.defaultFromLocationId),
    defaultToLocationId: Type.Optional(transactionTypeFields.defaultToLocationId),
    customerRequired: Type.Optional(transactionTypeFields.customerRequired),
    printLabel: Type.Optional(transactionTypeFields.printLabel),
    active: Type.Optional(transactionTypeFields.active),
  },
  { additionalProperties: false, title: 'CreateTransactionTypeRequest' },
);
export const UpdateTransactionTypeBody = Type.Partial(Type.Object(transactionTypeFields), {
  additionalProperties: false,
  minProperties: 1,
  title: 'UpdateTransactionTypeRequest',
});

// ── statuses ──
export const StatusSchema = Type.Object(
  { key: StatusKey, name: Type.String(), defaultName: Type.String() },
  { title: 'Status' },
);
export const StatusParams = Type.Object({ key: StatusKey }, { additionalProperties: false });
export const StatusBody = Type.Object(
  { name: Nullable(OneLine({ minLength: 1, maxLength: 60 })) },
  { additionalProperties: false, title: 'StatusNameRequest', description: 'null: back to the default name.' },
);

// ── label settings ──
export const LABEL_FIELDS = ['serial', 'sku', 'model', 'brand', 'itemType', 'price', 'warranty', 'company'] as const;
const labelFields = {
  widthMm: Type.Integer({ minimum: 10, maximum: 300 }),
  heightMm: Type.Integer({ minimum: 10, maximum: 300 }),
  symbology: OneOf(['code128', 'qr']),
  fields: Type.Array(OneOf(LABEL_FIELDS), { maxItems: 8, uniqueItems: true }),
  showLogo: Type.Boolean(),
};
export const LabelSettingsSchema = Type.Object({ ...labelFields, updatedAt: Timestamp }, { title: 'LabelSettings' });
export const LabelSettingsBody = Type.Partial(Type.Object(labelFields), {
  additionalProperties: false,
  minProperties: 1,
  title: 'LabelSettingsRequest',
});

// ── lists ──
export const CustomerListQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 120 })),
    kind: Type.Optional(OneOf(['customer', 'vendor'])),
    active: Type.Optional(
      OneOf(['true', 'false'], {
        description: 'true: only active ones (what pickers offer); false: only deactivated ones. Left out: both.',
      }),
    ),
    cursor: Type.Optional(Type.String({ maxLength: 512, pattern: '^[A-Za-z0-9_-]*$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
    ...FormatQuery,
  },
  { additionalProperties: false },
);
