import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import {
  addUser,
  bearer,
  closeShared,
  lastMail,
  registerCompany,
  signIn,
  testApp,
  unique,
  type Tenant,
  type TestContext,
  servedTestApp,
} from './helpers.js';
import { scriptClient } from './supabase-client.js';

// Multi-factor sign-in at /auth/v1 driven by the real supabase-js (auth.mfa.*), with codes computed
// here as an authenticator app would, and what /api answers a session at each assurance level.

let ctx: TestContext;
let base: string;
let key: string;

beforeAll(async () => {
  ({ ctx, base, key } = await servedTestApp());
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await closeShared();
});

async function listen(on: TestContext) {
  await on.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(on.app.server.address() as { port: number }).port}`;
}

const client = (url = base): SupabaseClient => scriptClient(url, key);

async function signedIn(t: { email: string }, url = base) {
  const supabase = client(url);
  const { error } = await supabase.auth.signInWithPassword({ email: t.email, password: 'correct-horse-battery' });
  expect(error).toBeNull();
  return supabase;
}

const accessToken = async (s: SupabaseClient) => (await s.auth.getSession()).data.session!.access_token;

/** The code an authenticator app shows for the key, `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** What /api answers the token on a business call (the items list): status and code. */
async function items(token: string) {
  const res = await ctx.app.inject({ url: '/api/items', headers: bearer(token) });
  return { status: res.statusCode, code: res.statusCode === 200 ? null : (res.json().code as string) };
}

/** Enrols a TOTP factor and verifies it with the previous period's code (later periods stay usable). */
async function enrolTotp(supabase: SupabaseClient, friendlyName = 'Phone app') {
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  expect(error).toBeNull();
  const verified = await supabase.auth.mfa.challengeAndVerify({
    factorId: data!.id,
    code: codeOf(data!.totp.secret, -1),
  });
  expect(verified.error).toBeNull();
  return { factorId: data!.id, secret: data!.totp.secret };
}

describe('TOTP factor', () => {
  test('enrol answers a QR code, a secret and an otpauth URI; verifying raises the session to aal2', async () => {
    const t = await registerCompany(ctx.app);
    const supabase = await signedIn(t);
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.uri).toBe(
      `otpauth://totp/localhost%3A8080:${encodeURIComponent(t.email)}?issuer=localhost%3A8080&secret=${data!.totp.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    // Listed unverified; the secret is kept sealed, never as given.
    let factors = await supabase.auth.mfa.listFactors();
    expect(factors.data!.all).toEqual([
      expect.objectContaining({ id: data!.id, factor_type: 'totp', status: 'unverified', friendly_name: 'Phone app' }),
    ]);
    expect(factors.data!.totp).toEqual([]);
    const [row] = await ctx.db.query<{ secret: string }>(`SELECT secret FROM auth_factors WHERE id = $1`, [data!.id]);
    expect(row!.secret).not.toContain(data!.totp.secret);

    let aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const challenge = await supabase.auth.mfa.challenge({ factorId: data!.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: 'totp', id: expect.any(String) });
    const wrong = await supabase.auth.mfa.verify({
      factorId: data!.id,
      challengeId: challenge.data!.id,
      code: '000000',
    });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const verified = await supabase.auth.mfa.verify({
      factorId: data!.id,
      challengeId: challenge.data!.id,
      code: codeOf(data!.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ token_type: 'bearer', refresh_token: expect.any(String) });
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['totp', 'password']);

    aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    factors = await supabase.auth.mfa.listFactors();
    expect(factors.data!.totp).toEqual([expect.objectContaining({ id: data!.id, status: 'verified' })]);
    expect((await supabase.auth.getUser()).data.user!.factors).toHaveLength(1);
    // The session refreshes at aal2.
    const refreshed = await supabase.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2');
    expect((await items(refreshed.data.session!.access_token)).status).toBe(200);
  });

  test('a code works once: the same code again is refused, a later one is accepted', async () => {
    const t = await registerCompany(ctx.app);
    const supabase = await signedIn(t);
    const { factorId, secret } = await enrolTotp(supabase);
    // The enrolment used the previous period's code; the current one works once.
    const other = await signedIn(t);
    const code = codeOf(secret);
    expect((await other.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull();
    const third = await signedIn(t);
    const replay = await third.auth.mfa.challengeAndVerify({ factorId, code });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect((await items(await accessToken(third))).code).toBe('MFA_REQUIRED');
    expect((await third.auth.mfa.challengeAndVerify({ factorId, code: codeOf(secret, 1) })).error).toBeNull();
  });

  test('a challenge is answered once', async () => {
    const t = await registerCompany(ctx.app);
    const supabase = await signedIn(t);
    const { factorId, secret } = await enrolTotp(supabase);
    const again = await signedIn(t);
    const challenge = await again.auth.mfa.challenge({ factorId });
    const first = await again.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: codeOf(secret) });
    expect(first.error).toBeNull();
    const second = await again.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: codeOf(secret, 1) });
    expect(second.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
  });

  test('another user’s factor (same company or not) is not found, and bad ids and bodies are GoTrue’s 4xx', async () => {
    const a = await registerCompany(ctx.app);
    const b = await addUser(ctx.app, a, ['Storekeeper']);
    const stranger = await registerCompany(ctx.app);
    const { factorId } = await enrolTotp(await signedIn(a));
    const intruder = await signedIn(b);
    expect((await intruder.auth.mfa.challenge({ factorId })).error).toMatchObject({
      status: 404,
      code: 'mfa_factor_not_found',
    });
    expect((await intruder.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 404 });
    const outsider = await signedIn(stranger);
    expect((await outsider.auth.mfa.challenge({ factorId })).error).toMatchObject({ status: 404 });
    expect((await intruder.auth.mfa.challenge({ factorId: 'not-a-uuid' })).error).toMatchObject({ status: 404 });
    const token = await accessToken(intruder);
    for (const body of [
      '{',
      '{"factor_type":"sms"}',
      '{"factor_type":"totp","friendly_name":7}',
      '{"factor_type":"totp","x":1}',
    ]) {
      const res = await fetch(`${base}/auth/v1/factors`, {
        method: 'POST',
        headers: { apikey: key, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(400);
    }
  });
});

describe('enforcement', () => {
  test('a password session of a user with a verified factor is aal1 and refused business data until it verifies', async () => {
    const t = await registerCompany(ctx.app);
    const { factorId, secret } = await enrolTotp(await signedIn(t));
    const supabase = await signedIn(t);
    const token = await accessToken(supabase);
    expect(decodeJwt(token).aal).toBe('aal1');
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const refused = await ctx.app.inject({ url: '/api/items', headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'MFA_REQUIRED',
      message: 'Enter the code from your authenticator app to continue.',
    });
    expect((await ctx.app.inject({ url: '/api/company', headers: bearer(token) })).statusCode).toBe(403);
    // What completing it needs still answers: the profile, and the auth service.
    expect((await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(token) })).statusCode).toBe(200);
    expect((await supabase.auth.getUser()).error).toBeNull();
    // At aal1, a second factor cannot be added (GoTrue's rule).
    const enrol = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Another' });
    expect(enrol.error).toMatchObject({ status: 403, code: 'insufficient_aal' });

    expect((await supabase.auth.mfa.challengeAndVerify({ factorId, code: codeOf(secret) })).error).toBeNull();
    expect(await items(await accessToken(supabase))).toEqual({ status: 200, code: null });
  });

  test('the spec’s login opens an aal1 session too; it can verify through the auth service and then works', async () => {
    const t = await registerCompany(ctx.app);
    const { factorId, secret } = await enrolTotp(await signedIn(t));
    const spec = await signIn(ctx.app, t.userName);
    expect(await items(spec.token)).toEqual({ status: 403, code: 'MFA_REQUIRED' });
    const headers = { apikey: key, authorization: `Bearer ${spec.token}`, 'content-type': 'application/json' };
    const challenge = await fetch(`${base}/auth/v1/factors/${factorId}/challenge`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(challenge.status).toBe(200);
    const { id } = (await challenge.json()) as { id: string };
    const verify = await fetch(`${base}/auth/v1/factors/${factorId}/verify`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ challenge_id: id, code: codeOf(secret) }),
    });
    expect(verify.status).toBe(200);
    const answer = (await verify.json()) as { access_token: string };
    expect(decodeJwt(answer.access_token).aal).toBe('aal2');
    // The session is at aal2: the login's own token works as well as the new one.
    expect((await items(answer.access_token)).status).toBe(200);
    expect((await items(spec.token)).status).toBe(200);
  });

  test('with a verified factor, the password and the address change only from an aal2 session', async () => {
    const t = await registerCompany(ctx.app);
    const first = await signedIn(t);
    const { secret } = await enrolTotp(first);
    const aal1 = await signedIn(t);
    for (const attributes of [
      { password: 'a-new-horse-battery', current_password: 'correct-horse-battery' },
      { email: `${unique()}@example.com` },
    ]) {
      const refused = await aal1.auth.updateUser(attributes);
      expect(refused.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    }
    // Nothing changed: the old password still signs in.
    await signedIn(t);
    const { data } = await aal1.auth.mfa.listFactors();
    expect(
      (await aal1.auth.mfa.challengeAndVerify({ factorId: data!.totp[0]!.id, code: codeOf(secret, 1) })).error,
    ).toBeNull();
    const changed = await aal1.auth.updateUser({
      password: 'a-new-horse-battery',
      current_password: 'correct-horse-battery',
    });
    expect(changed.error).toBeNull();
  });

  test('unenrolling a verified factor needs aal2; without it the user is back to one factor', async () => {
    const t = await registerCompany(ctx.app);
    const first = await signedIn(t);
    const { factorId } = await enrolTotp(first);
    const aal1 = await signedIn(t);
    const refused = await aal1.auth.mfa.unenroll({ factorId });
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const done = await first.auth.mfa.unenroll({ factorId });
    expect(done.error).toBeNull();
    expect(done.data).toEqual({ id: factorId });
    expect((await first.auth.mfa.listFactors()).data!.all).toEqual([]);
    expect((await items(await accessToken(aal1))).status).toBe(200);
  });
});

describe('recovery codes', () => {
  test('ten codes are made at aal2 only; one stands in for a TOTP code once', async () => {
    const t = await registerCompany(ctx.app);
    const owner = await signedIn(t);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/recovery-codes',
      headers: bearer(await accessToken(owner)),
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('MFA_NOT_SET_UP');
    const { factorId } = await enrolTotp(owner);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/recovery-codes',
      headers: bearer(await accessToken(owner)),
    });
    expect(made.statusCode).toBe(200);
    const codes = made.json().codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Kept as digests only.
    const stored = await ctx.db.query<{ code_hash: string }>(
      `SELECT code_hash FROM auth_recovery_codes WHERE user_id = $1`,
      [t.userId],
    );
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(codes.map((c) => c.replace('-', ''))).not.toContain(s.code_hash);

    const aal1 = await signedIn(t);
    const regenerate = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/recovery-codes',
      headers: bearer(await accessToken(aal1)),
    });
    expect(regenerate.statusCode).toBe(403);
    expect(regenerate.json().code).toBe('MFA_REQUIRED');

    const recovered = await aal1.auth.mfa.challengeAndVerify({ factorId, code: codes[0]!.toUpperCase() });
    expect(recovered.error).toBeNull();
    const claims = decodeJwt(recovered.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[])[0]!.method).toBe('mfa/recovery_code');
    expect((await items(recovered.data!.access_token)).status).toBe(200);

    const again = await signedIn(t);
    const reused = await again.auth.mfa.challengeAndVerify({ factorId, code: codes[0]! });
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const left = await ctx.app.inject({
      url: '/api/auth/mfa/recovery-codes',
      headers: bearer(recovered.data!.access_token),
    });
    expect(left.json()).toEqual({ remaining: 9 });
  });
});

describe('company requirement', () => {
  const policy = (token: string, requireForOwnersAndAdmins: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/company/mfa-policy',
      headers: bearer(token),
      payload: { requireForOwnersAndAdmins },
    });

  test('the owner requires MFA of Owners and Admins; an Admin without a factor may only enrol', async () => {
    const owner: Tenant = await registerCompany(ctx.app);
    const admin = await addUser(ctx.app, owner, ['Admin']);
    const seller = await addUser(ctx.app, owner, ['Rapid Seller']);
    const ownerClient = await signedIn(owner);
    // Not before the owner has a factor of their own (they would lock themselves out).
    const early = await policy(await accessToken(ownerClient), true);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('MFA_NOT_SET_UP');
    expect((await policy(await accessToken(ownerClient), 'yes')).statusCode).toBe(400);
    await enrolTotp(ownerClient);
    const set = await policy(await accessToken(ownerClient), true);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ requireForOwnersAndAdmins: true });
    // Only settings.manage may change it.
    expect((await policy(seller.token, false)).statusCode).toBe(403);

    const adminClient = await signedIn(admin);
    const adminToken = await accessToken(adminClient);
    expect(await items(adminToken)).toEqual({ status: 403, code: 'MFA_ENROLLMENT_REQUIRED' });
    expect(await items(admin.token)).toEqual({ status: 403, code: 'MFA_ENROLLMENT_REQUIRED' });
    expect((await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(adminToken) })).statusCode).toBe(200);
    // A role the requirement does not name is not held to it.
    expect((await items(seller.token)).status).toBe(200);

    await enrolTotp(adminClient);
    expect((await items(await accessToken(adminClient))).status).toBe(200);

    expect((await policy(await accessToken(ownerClient), false)).statusCode).toBe(200);
    const get = await ctx.app.inject({
      url: '/api/company/mfa-policy',
      headers: bearer(await accessToken(ownerClient)),
    });
    expect(get.json()).toEqual({ requireForOwnersAndAdmins: false });
  });
});

describe('phone factor', () => {
  test('in development the code goes to the outbox, addressed to the number, and verifies once', async () => {
    const t = await registerCompany(ctx.app);
    const supabase = await signedIn(t);
    const invalid = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: 'call me' });
    expect(invalid.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: '+1 555 010 0123' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'phone', phone: '+1 555 010 0123' });
    const challenge = await supabase.auth.mfa.challenge({ factorId: data!.id });
    expect(challenge.error).toBeNull();
    const mail = await lastMail(ctx.app, '+15550100123');
    const code = /Your code is (\d{6})/.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // A second code within the minute is refused.
    const soon = await supabase.auth.mfa.challenge({ factorId: data!.id });
    expect(soon.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await supabase.auth.mfa.verify({ factorId: data!.id, challengeId: challenge.data!.id, code: wrong })).error,
    ).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const verified = await supabase.auth.mfa.verify({
      factorId: data!.id,
      challengeId: challenge.data!.id,
      code: code!,
    });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[])[0]!.method).toBe('mfa/phone');
    expect((await supabase.auth.mfa.listFactors()).data!.phone).toEqual([
      expect.objectContaining({ id: data!.id, status: 'verified', phone: '15550100123' }),
    ]);
  });

  test('in production, with no SMS provider, phone factors are refused with GoTrue’s error', async () => {
    const t = await registerCompany(ctx.app);
    const prod = await testApp({ NODE_ENV: 'production', JWT_SECRET: 'a-production-signing-secret-of-32-bytes+' });
    try {
      const url = await listen(prod);
      const supabase = await signedIn(t, url);
      const phone = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: '+15550100124' });
      expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
      const { data } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
      expect(data!.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    } finally {
      await prod.close();
    }
  });
});
