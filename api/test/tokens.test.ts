import { TokenService } from '../src/modules/auth/index.js';

// verify() remembers tokens it has verified (tokens.ts): these check that remembering changes no verdict.
const principal = {
  userId: '6f1c1d8e-3b7a-4a51-9d1e-0c2f4b8a9e10',
  companyId: '0b9d7c3e-5f2a-4c8b-8e6d-1a2b3c4d5e6f',
  userName: 'ada',
  roles: ['Company Owner'],
};

test('a remembered token still expires at its exp', async () => {
  const tokens = new TokenService('a-secret-of-enough-length-for-hs256-0123456789', 1);
  const token = await tokens.sign(principal);
  expect(await tokens.verify(token)).toEqual(principal);
  expect(await tokens.verify(token)).toEqual(principal); // answered from memory
  // exp has one-second resolution: after two seconds it has passed whatever the signing moment was.
  await new Promise((r) => setTimeout(r, 2_100));
  await expect(tokens.verify(token)).rejects.toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
});

test('a token differing from a remembered one in any byte is verified in full', async () => {
  const tokens = new TokenService('a-secret-of-enough-length-for-hs256-0123456789', 3600);
  const token = await tokens.sign(principal);
  await tokens.verify(token);
  const [header, payload, signature] = token.split('.');
  const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
  const otherUser = Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: principal.companyId }),
  ).toString('base64url');
  for (const forged of [`${header}.${payload}.${flipped}`, `${header}.${otherUser}.${signature}`])
    await expect(tokens.verify(forged)).rejects.toMatchObject({ statusCode: 401, code: 'INVALID_TOKEN' });
  // and another service (another key) does not accept what this one remembers
  const other = new TokenService('another-secret-of-enough-length-for-hs256-987', 3600);
  await expect(other.verify(token)).rejects.toMatchObject({ statusCode: 401, code: 'INVALID_TOKEN' });
});
