import { Type, type Static } from '@sinclair/typebox';
import { OneLine, Timestamp } from '../../lib/schemas.js';

const Nullable = (t: ReturnType<typeof Type.String>) => Type.Union([t, Type.Null()]);

export const CompanySchema = Type.Object(
  {
    id: Type.String(),
    companyName: Type.String(),
    logoPath: Nullable(Type.String()),
    industry: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    createdAt: Timestamp,
  },
  { title: 'Company' },
);
export type Company = Static<typeof CompanySchema>;

export const UpdateCompanyBody = Type.Object(
  {
    companyName: Type.Optional(OneLine({ minLength: 1, maxLength: 200 })),
    industry: Type.Optional(Nullable(OneLine({ maxLength: 100 }))),
    phone: Type.Optional(Nullable(OneLine({ maxLength: 40 }))),
    logoPath: Type.Optional(Nullable(Type.String({ maxLength: 1024 }))),
  },
  { additionalProperties: false, minProperties: 1, title: 'UpdateCompanyRequest' },
);
export type UpdateCompanyBody = Static<typeof UpdateCompanyBody>;
