import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OneOf, Timestamp } from '../../lib/schemas.js';

export const CompanyUserSchema = Type.Object(
  {
    id: Type.String(),
    userName: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    profilePictureUrl: Nullable(Type.String()),
    roles: Type.Array(Type.String()),
    /** false: deactivated — cannot sign in, and tokens issued before stop working. */
    active: Type.Boolean(),
    createdAt: Timestamp,
  },
  { title: 'CompanyUser' },
);
export type CompanyUser = Static<typeof CompanyUserSchema>;

/** The languages of the product's screens and of what the server writes to a person (the digest). */
export const UserLanguageSchema = Type.Object(
  { language: OneOf(['en', 'tr']) },
  { title: 'UserLanguage', additionalProperties: false },
);
export type UserLanguage = Static<typeof UserLanguageSchema>;

export const UserLimitSchema = Type.Object(
  { used: Type.Integer(), max: Type.Integer(), planName: Type.String() },
  { title: 'UserLimit' },
);
