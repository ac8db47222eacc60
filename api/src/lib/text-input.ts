import { badRequest } from './errors.js';

/**
 * PostgreSQL text cannot hold the NUL character: a string carrying one would fail inside the
 * database as a 500 after validation passed. Refuse it up front, naming the field, for every
 * route's body, query and params (found by the fuzz test in test/fuzz.test.ts).
 */
export function refuseNulCharacters(value: unknown, path = ''): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      const field = path || 'body';
      throw badRequest(`${field}: must not contain the NUL character`, field, 'VALIDATION_ERROR');
    }
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => refuseNulCharacters(item, `${path}[${index}]`));
    return;
  }
  // Plain parsed JSON only: never walk into buffers, streams or multipart parts.
  const proto = value && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>))
      refuseNulCharacters(item, path ? `${path}.${key}` : key);
  }
}
