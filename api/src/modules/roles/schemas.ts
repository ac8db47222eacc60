import { Type, type Static } from '@sinclair/typebox';
import { CLAIM_TYPES, PERMISSIONS } from '../../vocabulary.js';
import { OneLine, OneOf, Uuid } from '../../lib/schemas.js';

export const RoleSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    builtIn: Type.Boolean(),
    userCount: Type.Integer({ minimum: 0 }),
  },
  { title: 'Role' },
);
export type Role = Static<typeof RoleSchema>;

export const RoleBody = Type.Object(
  { name: OneLine({ minLength: 1, maxLength: 80 }) },
  { additionalProperties: false, title: 'RoleRequest' },
);

export const ClaimSchema = Type.Union(
  [
    Type.Object(
      { type: Type.Literal('permission'), value: Type.Union(PERMISSIONS.map((p) => Type.Literal(p))) },
      { additionalProperties: false },
    ),
    Type.Object({ type: Type.Literal('transaction-type'), value: Uuid }, { additionalProperties: false }),
  ],
  { title: 'RoleClaim' },
);
export type Claim = Static<typeof ClaimSchema>;
export const ClaimTypes = CLAIM_TYPES;

export const RoleClaimsSchema = Type.Object(
  {
    roleId: Type.String(),
    /** The Company Owner holds every claim, implicitly; its claims cannot be changed. */
    implicit: Type.Boolean(),
    claims: Type.Array(ClaimSchema),
  },
  { title: 'RoleClaims' },
);
export type RoleClaims = Static<typeof RoleClaimsSchema>;

export const RoleClaimsBody = Type.Object(
  { claims: Type.Array(ClaimSchema, { maxItems: 500 }) },
  { additionalProperties: false, title: 'RoleClaimsRequest' },
);

export const RolesClaimsBody = Type.Object(
  {
    roles: Type.Array(
      Type.Object({ roleId: Uuid, claims: RoleClaimsBody.properties.claims }, { additionalProperties: false }),
      { minItems: 1, maxItems: 50 },
    ),
  },
  { additionalProperties: false, title: 'RolesClaimsRequest' },
);

export const UserRolesBody = Type.Object(
  { roles: Type.Array(OneLine({ minLength: 1, maxLength: 80 }), { maxItems: 50, uniqueItems: true }) },
  { additionalProperties: false, title: 'UserRolesRequest' },
);

export const UserRolesSchema = Type.Object(
  { userId: Type.String(), roles: Type.Array(Type.String()) },
  { title: 'UserRoles' },
);

/**
 * What the caller may do, as the API will enforce it on the next request: for screens to offer
 * only what will succeed. The API still checks every call; this is a courtesy, not the rule.
 */
export const MyAccessSchema = Type.Object(
  {
    roles: Type.Array(Type.String()),
    permissions: Type.Array(OneOf(PERMISSIONS)),
    /** True for the Company Owner, who may run every transaction type, present and future. */
    allTransactionTypes: Type.Boolean(),
    transactionTypeIds: Type.Array(Type.String()),
  },
  { title: 'MyAccess' },
);
export type MyAccess = Static<typeof MyAccessSchema>;
