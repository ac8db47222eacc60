import { Type, type Static } from '@sinclair/typebox';
import { Nullable, ONE_LINE, OneLine, Timestamp } from '../../lib/schemas.js';

export const CompanySchema = Type.Object(
  {
    id: Type.String(),
    companyName: Type.String(),
    logoPath: Nullable(Type.String()),
    industry: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    address: Nullable(Type.String({ description: 'Printed on receipts; may span lines.' })),
    taxNumber: Nullable(Type.String({ description: 'The company’s tax (VAT) number, printed on receipts.' })),
    currency: Type.String({ description: 'ISO 4217 code every amount of the company is in (USD until chosen).' }),
    taxRate: Type.Number({ description: 'Percent: the tax on each sale line (0: no tax).' }),
    pricesIncludeTax: Type.Boolean({
      description:
        'true: prices include the tax (the tax is the part of the line it holds); false: it is added to the net.',
    }),
    createdAt: Timestamp,
  },
  { title: 'Company' },
);
export type Company = Static<typeof CompanySchema>;

/** Text of several lines: a one-line text's rule with line breaks allowed. */
const MULTI_LINE = ONE_LINE.replace('\\u0000-\\u001F', '\\u0000-\\u0009\\u000B-\\u001F');

export const UpdateCompanyBody = Type.Object(
  {
    companyName: Type.Optional(OneLine({ minLength: 1, maxLength: 200 })),
    industry: Type.Optional(Nullable(OneLine({ maxLength: 100 }))),
    phone: Type.Optional(Nullable(OneLine({ maxLength: 40 }))),
    logoPath: Type.Optional(Nullable(Type.String({ maxLength: 1024 }))),
    address: Type.Optional(Nullable(Type.String({ maxLength: 500, pattern: MULTI_LINE }))),
    taxNumber: Type.Optional(Nullable(OneLine({ maxLength: 50 }))),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'An ISO 4217 code, e.g. EUR.' })),
    taxRate: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'Percent, at most 3 decimals.' })),
    pricesIncludeTax: Type.Optional(Type.Boolean({ description: 'Whether prices include the tax (VAT-inclusive).' })),
  },
  { additionalProperties: false, minProperties: 1, title: 'UpdateCompanyRequest' },
);
export type UpdateCompanyBody = Static<typeof UpdateCompanyBody>;
