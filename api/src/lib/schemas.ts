import { Type, type TSchema } from '@sinclair/typebox';

export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    code: Type.Optional(Type.String()),
    field: Type.Optional(Type.String()),
    verificationToken: Type.Optional(
      Type.String({ description: 'Login of an account whose email is not verified yet: resends the link.' }),
    ),
  },
  { title: 'ErrorResponse' },
);

/** A route's answers: the success schema plus the one error shape for 4xx and 5xx. */
export function answers<S extends TSchema>(ok: S, status = 200) {
  return { [status]: ok, '4xx': ErrorResponse, '5xx': ErrorResponse } as { [status: number]: S } & {
    '4xx': typeof ErrorResponse;
    '5xx': typeof ErrorResponse;
  };
}

/**
 * A one-line text: no control characters (C0, DEL, C1) and no bidirectional overrides or isolates,
 * which can make a name read differently on screen than it is stored (a spoofed user or company).
 */
export const ONE_LINE = '^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$';
export const OneLine = (options: { minLength?: number; maxLength: number; description?: string }) =>
  Type.String({ ...options, pattern: ONE_LINE });

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
/** No `@`: a user name can never shadow somebody's email at sign-in. */
export const UserName = Type.String({ minLength: 3, maxLength: 100, pattern: '^[A-Za-z0-9._+-]+$' });
export const PersonName = OneLine({ minLength: 1, maxLength: 100 });
export const Password = Type.String({ minLength: 1, maxLength: 128 });
export const Message = Type.Object({ message: Type.String() }, { title: 'MessageResponse' });
export const HttpUrl = Type.String({ maxLength: 2048, pattern: '^https?://' });
