import { decodeCursor, encodeCursor } from '../src/lib/schemas.js';

test('a keyset cursor goes out opaque and comes back as the same position; a forged one is a 400', () => {
  const position = ['2026-11-22T10:00:00Z', 'SN-0042', 'b1f0c3c2-0000-4000-8000-000000000001'];
  const cursor = encodeCursor(position);
  expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(decodeCursor(cursor, 3)).toEqual(position);
  expect(decodeCursor(undefined, 3)).toBeNull();
  for (const bad of ['not-base64-json', encodeCursor([1, 2]), encodeCursor([{ a: 1 }, 2, 3])]) {
    expect(() => decodeCursor(bad, 3)).toThrow(/cursor/);
  }
});
