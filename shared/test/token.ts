// Builds unsigned JWT-shaped tokens for tests of the browser's claim reading. The browser
// never verifies signatures (the API does), so an unsigned token exercises the same code.
export function makeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
