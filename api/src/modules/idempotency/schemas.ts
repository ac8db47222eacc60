import { Type } from '@sinclair/typebox';

/**
 * The optional Idempotency-Key header of a write a device may resend (a sale, a reception): a UUID
 * made on the device, or any short token of letters, digits, '-' and '_'.
 */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: '^[A-Za-z0-9_-]+$',
      description:
        'Makes the request safe to resend: the same key (per company, kept 48 hours) answers the first request’s result without doing it again; the same key with another body: 422 IDEMPOTENCY_KEY_REUSED.',
    }),
  ),
});
