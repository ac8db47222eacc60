import { randomUUID } from 'node:crypto';
import { TokenService, type SessionClaims } from '../src/modules/auth/tokens.js';

// TokenService remembers the session tokens it has verified (issue 23: a read's fixed cost); what it
// remembers must never let in a token it would refuse: an expired one, or an edited copy of one it knows.
const tokens = new TokenService('a-test-signing-secret-of-enough-length', 3600);
const claims = (): SessionClaims => ({
  userId: randomUUID(),
  companyId: randomUUID(),
  userName: 'olga',
  roles: ['Company Owner'],
  sessionId: randomUUID(),
  email: 'olga@example.com',
  aal: 'aal1',
  amr: 'password',
  signedInAt: Math.floor(Date.now() / 1000),
});

test('a token accepted before is refused as expired once its lifetime is over', async () => {
  const who = claims();
  const token = await tokens.sign(who, 2);
  expect(await tokens.verify(token)).toMatchObject({ userId: who.userId, sessionId: who.sessionId });
  expect(await tokens.verify(token)).toMatchObject({ userId: who.userId, sessionId: who.sessionId });
  await new Promise((r) => setTimeout(r, 2100));
  await expect(tokens.verify(token)).rejects.toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
});

test('an edited copy of an accepted token is refused', async () => {
  const token = await tokens.sign(claims());
  await tokens.verify(token);
  const [header, payload, signature] = token.split('.');
  const other = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), company_id: randomUUID() };
  const edited = `${header}.${Buffer.from(JSON.stringify(other)).toString('base64url')}.${signature}`;
  await expect(tokens.verify(edited)).rejects.toMatchObject({ statusCode: 401, code: 'INVALID_TOKEN' });
  await expect(tokens.verify(`${token.slice(0, -2)}AA`)).rejects.toMatchObject({ statusCode: 401 });
});

test('what a caller changes in the principal it was given does not change the next answer', async () => {
  const token = await tokens.sign(claims());
  const first = await tokens.verify(token);
  first.roles.push('Admin');
  first.companyId = randomUUID();
  const second = await tokens.verify(token);
  expect(second.roles).toEqual(['Company Owner']);
  expect(second.companyId).not.toBe(first.companyId);
});

test('the picture cookie’s token is handed out again while more than half its lifetime is left, then renewed', async () => {
  const short = new TokenService('a-test-signing-secret-of-enough-length', 6);
  const who = { userId: randomUUID(), companyId: randomUUID() };
  const first = await short.pictureToken(who);
  expect(first.seconds).toBe(6);
  await new Promise((r) => setTimeout(r, 1100));
  const again = await short.pictureToken(who);
  expect(again.token).toBe(first.token);
  expect(again.seconds).toBeLessThanOrEqual(5);
  expect(await short.verifyPurpose('profile-pictures', again.token)).toEqual(who);
  // another user of the same company gets a token of their own
  const colleague = { userId: randomUUID(), companyId: who.companyId };
  expect(await short.verifyPurpose('profile-pictures', (await short.pictureToken(colleague)).token)).toEqual(colleague);
  await new Promise((r) => setTimeout(r, 3100));
  const renewed = await short.pictureToken(who);
  expect(renewed.token).not.toBe(first.token);
  expect(renewed.seconds).toBe(6);
});
