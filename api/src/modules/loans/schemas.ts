import { Type, type Static } from '@sinclair/typebox';
import {
  FormatQuery,
  KeysetPage,
  MAX_PAGE_SIZE,
  Nullable,
  OneLine,
  OneOf,
  Timestamp,
  Uuid,
} from '../../lib/schemas.js';
import { LOAN_VIEWS, STATUSES } from '../../vocabulary.js';

export const LoanSchema = Type.Object(
  {
    id: Type.String(),
    itemId: Type.String(),
    serial: Type.String(),
    itemTypeName: Nullable(Type.String()),
    model: Nullable(Type.String()),
    borrowerKind: OneOf(['user', 'customer'], {
      description: 'To whom: a user of the company or a customer.',
    }),
    userId: Nullable(Type.String()),
    customerId: Nullable(Type.String()),
    borrowerName: Type.String(),
    dueAt: Timestamp,
    overdue: Type.Boolean({ description: 'Open and past its due time.' }),
    fromStatus: OneOf(STATUSES, {
      description: 'What the item was before the check-out, and is again after the check-in.',
    }),
    note: Nullable(Type.String()),
    checkedOutBy: Nullable(Type.String({ description: 'The user name of who checked it out.' })),
    checkedOutAt: Timestamp,
    checkedInBy: Nullable(Type.String()),
    checkedInAt: Nullable(Timestamp),
  },
  { title: 'Loan' },
);
export type Loan = Static<typeof LoanSchema>;
export const LoanPage = KeysetPage(LoanSchema, 'LoanPage');

export const LoanListQuery = Type.Object(
  {
    view: Type.Optional(
      OneOf(LOAN_VIEWS, {
        description:
          'open (default): not checked in, soonest due first — the overdue ones lead; overdue: only those past due; returned: checked in, latest first; all: every loan, latest check-out first.',
      }),
    ),
    itemId: Type.Optional({ ...Uuid, description: 'One item’s loans.' }),
    ...FormatQuery,
    cursor: Type.Optional(Type.String({ maxLength: 512, pattern: '^[A-Za-z0-9_-]*$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 })),
  },
  { additionalProperties: false },
);
export type LoanListQuery = Static<typeof LoanListQuery>;

export const CheckOutBody = Type.Object(
  {
    itemId: Type.Optional({ ...Uuid, description: 'The item, by id (or serial).' }),
    serial: Type.Optional(OneLine({ minLength: 1, maxLength: 100, description: 'The item, by serial (or itemId).' })),
    userId: Type.Optional({ ...Uuid, description: 'Lent to this active user of the company (or customerId).' }),
    customerId: Type.Optional({ ...Uuid, description: 'Lent to this active customer (or userId).' }),
    dueAt: Type.String({
      format: 'date-time',
      description: 'When it is due back; in the future. The screens send the end of the chosen day.',
    }),
    note: Type.Optional(OneLine({ maxLength: 500, description: 'What for: shown with the loan.' })),
  },
  { additionalProperties: false, title: 'CheckOutRequest' },
);
export type CheckOutBody = Static<typeof CheckOutBody>;

export const CheckInBody = Type.Object(
  { note: Type.Optional(OneLine({ maxLength: 500, description: 'How it came back: kept on the event.' })) },
  { additionalProperties: false, title: 'CheckInRequest' },
);
export type CheckInBody = Static<typeof CheckInBody>;

export const BorrowerSchema = Type.Object(
  {
    kind: OneOf(['user', 'customer']),
    id: Type.String(),
    name: Type.String(),
    detail: Nullable(Type.String({ description: 'A user’s user name, a customer’s email or phone.' })),
  },
  { title: 'Borrower' },
);
export const BorrowerList = Type.Object({ items: Type.Array(BorrowerSchema) }, { title: 'BorrowerList' });
export const BorrowerQuery = Type.Object(
  { q: Type.Optional(OneLine({ maxLength: 100, description: 'Part of the name, user name or email.' })) },
  { additionalProperties: false },
);
