import fc from 'fast-check';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import {
  addUser,
  bearer,
  closeShared,
  ip,
  lastMail,
  PASSWORD,
  registerCompany,
  unique,
  type TestContext,
  servedTestApp,
} from './helpers.js';
import { scriptClient } from './supabase-client.js';

// One-time codes of the auth service (/otp, /verify, /resend, /reauthenticate) and PUT /user,
// driven by the real supabase-js: the code is read from the mail outbox as its owner would read
// the mail. Each client comes from its own address (X-Forwarded-For behind one trusted proxy), so
// the per-IP limits of one test do not reach the next.

let ctx: TestContext;
let base: string;
let key: string;

beforeAll(async () => {
  ({ ctx, base, key } = await servedTestApp({ TRUST_PROXY: '1' }));
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await closeShared();
});

/** A supabase-js client as a script would make one, from its own address. */
const client = (from = ip()): SupabaseClient => scriptClient(base, key, { 'x-forwarded-for': from });

async function signedIn(email: string, password = PASSWORD) {
  const supabase = client();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { supabase, session: data.session! };
}

/** The mails an address has received (newest first). */
const mailsTo = (to: string) =>
  ctx.db.query<{ subject: string; text: string }>(
    `SELECT subject, body AS text FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at DESC`,
    [to],
  );

/** The six-digit code of the newest mail to an address. */
async function mailedCode(to: string): Promise<string> {
  const mail = await lastMail(ctx.app, to);
  const code = mail && /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** What /api answers a token: 200, or 401 once its session has ended. */
const apiStatus = async (token: string) =>
  (await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(token) })).statusCode;

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in by a mailed code', () => {
  test('signInWithOtp mails a 6-digit code; verifyOtp answers a session (amr otp) that opens /api and refreshes', async () => {
    const t = await registerCompany(ctx.app);
    const supabase = client();
    const events: string[] = [];
    supabase.auth.onAuthStateChange((event) => void events.push(event));
    const asked = await supabase.auth.signInWithOtp({ email: t.email, options: { shouldCreateUser: false } });
    expect(asked).toEqual({ data: { user: null, session: null }, error: null });
    const mail = await lastMail(ctx.app, t.email);
    expect(mail?.subject).toBe('Your Stockwise sign-in code');
    expect(mail?.text).toContain('10 minutes');

    const { data, error } = await supabase.auth.verifyOtp({
      email: t.email,
      token: await mailedCode(t.email),
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: t.userId, email: t.email });
    expect(events).toContain('SIGNED_IN');
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ sub: t.userId, aal: 'aal1', amr: [{ method: 'otp' }] });
    expect(await apiStatus(data.session!.access_token)).toBe(200);
    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(await apiStatus(refreshed.data.session!.access_token)).toBe(200);
  });

  test('a wrong code is refused; the right code works once', async () => {
    const t = await registerCompany(ctx.app);
    await client().auth.signInWithOtp({ email: t.email });
    const code = await mailedCode(t.email);
    const wrong = await client().auth.verifyOtp({ email: t.email, token: otherCode(code), type: 'email' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    expect(wrong.data.session).toBeNull();
    const right = await client().auth.verifyOtp({ email: t.email, token: code, type: 'magiclink' });
    expect(right.error).toBeNull();
    const again = await client().auth.verifyOtp({ email: t.email, token: code, type: 'email' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  test('five wrong tries kill the code: the right one is refused after them', async () => {
    const t = await registerCompany(ctx.app);
    await client().auth.signInWithOtp({ email: t.email });
    const code = await mailedCode(t.email);
    for (let i = 0; i < 4; i++)
      expect(
        (await client().auth.verifyOtp({ email: t.email, token: otherCode(code), type: 'email' })).error,
      ).toMatchObject({
        code: 'otp_expired',
      });
    // Four wrong tries leave it alive…
    const stillAlive = await ctx.db.query(
      `SELECT 1 FROM auth_one_time_codes WHERE user_id = $1 AND closed_at IS NULL`,
      [t.userId],
    );
    expect(stillAlive).toHaveLength(1);
    await client().auth.verifyOtp({ email: t.email, token: '000000' === code ? '000001' : '000000', type: 'email' });
    // …the fifth kills it.
    const right = await client().auth.verifyOtp({ email: t.email, token: code, type: 'email' });
    expect(right.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  test('a code asked for again replaces the first; a code past its 10 minutes is refused', async () => {
    const t = await registerCompany(ctx.app);
    await client().auth.signInWithOtp({ email: t.email });
    const first = await mailedCode(t.email);
    await client().auth.signInWithOtp({ email: t.email });
    const second = await mailedCode(t.email);
    if (first !== second)
      expect((await client().auth.verifyOtp({ email: t.email, token: first, type: 'email' })).error).toMatchObject({
        code: 'otp_expired',
      });
    // Ten minutes later (the clock moved by editing the row, not by waiting).
    await ctx.db.query(`UPDATE auth_one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      t.userId,
    ]);
    expect((await client().auth.verifyOtp({ email: t.email, token: second, type: 'email' })).error).toMatchObject({
      status: 403,
      code: 'otp_expired',
    });
  });

  test('the code is stored as an HMAC, never as itself', async () => {
    const t = await registerCompany(ctx.app);
    await client().auth.signInWithOtp({ email: t.email });
    const code = await mailedCode(t.email);
    const [row] = await ctx.db.query<{ code_hash: string }>(
      `SELECT code_hash FROM auth_one_time_codes WHERE user_id = $1 AND closed_at IS NULL`,
      [t.userId],
    );
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash.length).toBeGreaterThan(40);
  });
});

describe('what a stranger can learn', () => {
  test('an unknown address answers exactly as a known one, and gets no mail; create_user creates nothing', async () => {
    const t = await registerCompany(ctx.app);
    const stranger = `${unique('nobody')}@example.com`;
    const ask = (email: string, create: boolean) =>
      fetch(`${base}/auth/v1/otp`, {
        method: 'POST',
        headers: { apikey: key, 'content-type': 'application/json', 'x-forwarded-for': ip() },
        body: JSON.stringify({ email, create_user: create, data: {}, gotrue_meta_security: {} }),
      });
    for (const create of [true, false]) {
      const known = await ask(t.email, create);
      const unknown = await ask(stranger, create);
      expect(unknown.status).toBe(known.status);
      expect(await unknown.text()).toBe(await known.text());
    }
    expect(await mailsTo(stranger)).toHaveLength(0);
    expect(await ctx.db.query(`SELECT 1 FROM user_directory WHERE email_key = $1`, [stranger])).toHaveLength(0);
    const verify = await client().auth.verifyOtp({ email: stranger, token: '123456', type: 'email' });
    expect(verify.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  test('a deactivated user gets no code, and a code mailed before the deactivation stops working', async () => {
    const owner = await registerCompany(ctx.app);
    const clerk = await addUser(ctx.app, owner, ['Storekeeper']);
    await client().auth.signInWithOtp({ email: clerk.email });
    const code = await mailedCode(clerk.email);
    const before = (await mailsTo(clerk.email)).length;
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${clerk.userId}/deactivate`,
      headers: bearer(owner.token),
    });
    expect(off.statusCode).toBe(200);
    expect((await client().auth.signInWithOtp({ email: clerk.email })).error).toBeNull();
    expect(await mailsTo(clerk.email)).toHaveLength(before);
    const verify = await client().auth.verifyOtp({ email: clerk.email, token: code, type: 'email' });
    expect(verify.error).toMatchObject({ status: 403, code: 'user_banned' });
    expect(verify.data.session).toBeNull();
  });

  test('code mails are limited per address (known or not alike) and per IP', async () => {
    const t = await registerCompany(ctx.app);
    const stranger = `${unique('nobody')}@example.com`;
    for (const email of [t.email, stranger]) {
      for (let i = 0; i < 5; i++) expect((await client().auth.signInWithOtp({ email })).error).toBeNull();
      const sixth = await client().auth.signInWithOtp({ email });
      expect(sixth.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      expect(sixth.error!.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    }
    expect(await mailsTo(t.email)).toHaveLength(6); // the verification link, then five codes
    const one = client(ip());
    for (let i = 0; i < 30; i++)
      expect((await one.auth.signInWithOtp({ email: `${unique('n')}@example.com` })).error).toBeNull();
    const over = await one.auth.signInWithOtp({ email: `${unique('n')}@example.com` });
    expect(over.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });
});

describe('GoTrue’s refusals', () => {
  test('phone, token_hash and malformed requests answer GoTrue’s errors, never 5xx', async () => {
    const t = await registerCompany(ctx.app);
    const phone = await client().auth.signInWithOtp({ phone: '+15550000000' });
    expect(phone.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
    const hash = await client().auth.verifyOtp({ token_hash: 'abc', type: 'email' });
    expect(hash.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
    const noType = await client().auth.verifyOtp({ email: t.email, token: '123456', type: '' });
    expect(noType.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const badType = await client().auth.verifyOtp({ email: t.email, token: '123456', type: 'magic' });
    expect(badType.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unsupported verification type',
    });
    const badEmail = await client().auth.signInWithOtp({ email: 'not-an-address' });
    expect(badEmail.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const resendType = await client().auth.resend({ type: 'recovery' as 'signup', email: t.email });
    expect(resendType.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const resendPhone = await client().auth.resend({ type: 'sms', phone: '+15550000000' });
    expect(resendPhone.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
  });

  test('any JSON body to the code endpoints is answered below 500', async () => {
    const t = await registerCompany(ctx.app);
    const { session } = await signedIn(t.email);
    const endpoints = [
      { method: 'POST', url: '/auth/v1/otp' },
      { method: 'POST', url: '/auth/v1/verify' },
      { method: 'POST', url: '/auth/v1/resend' },
      { method: 'PUT', url: '/auth/v1/user', token: session.access_token },
    ] as const;
    const field = fc.constantFrom(
      'email',
      'phone',
      'type',
      'token',
      'token_hash',
      'data',
      'create_user',
      'nonce',
      'password',
    );
    const value = fc.oneof(fc.jsonValue(), fc.constantFrom(t.email, 'email', 'email_change', 'signup', '123456'));
    const body = fc.oneof(fc.jsonValue(), fc.dictionary(field, value));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), body, async (endpoint, payload) => {
        const res = await ctx.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          remoteAddress: ip(),
          headers: {
            apikey: key,
            'content-type': 'application/json',
            ...('token' in endpoint ? bearer(endpoint.token) : {}),
          },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});

describe('password change', () => {
  test('with the current password: other sessions end (refresh and access token), the caller’s continues, the owner is mailed', async () => {
    const t = await registerCompany(ctx.app);
    const a = await signedIn(t.email);
    const b = await signedIn(t.email);
    const done = await a.supabase.auth.updateUser({ password: 'a-new-password-1', current_password: PASSWORD });
    expect(done.error).toBeNull();
    expect(await apiStatus(b.session.access_token)).toBe(401);
    expect((await b.supabase.auth.refreshSession()).error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
    });
    expect(await apiStatus(a.session.access_token)).toBe(200);
    const refreshed = await a.supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(await apiStatus(refreshed.data.session!.access_token)).toBe(200);
    const mail = await lastMail(ctx.app, t.email);
    expect(mail?.subject).toBe('Your Stockwise password was changed');
    expect(mail?.text).toContain('http://localhost:8080/forgot-password');
    await signedIn(t.email, 'a-new-password-1');
  });

  test('reauthenticate mails a nonce; updateUser({password, nonce}) takes it once, a wrong one is refused', async () => {
    const t = await registerCompany(ctx.app);
    const a = await signedIn(t.email);
    const b = await signedIn(t.email);
    const noProof = await a.supabase.auth.updateUser({ password: 'a-new-password-1' });
    expect(noProof.error).toMatchObject({ status: 400, code: 'current_password_required' });
    const asked = await a.supabase.auth.reauthenticate();
    expect(asked).toEqual({ data: { user: null, session: null }, error: null });
    expect((await lastMail(ctx.app, t.email))?.subject).toBe('Your Stockwise confirmation code');
    const nonce = await mailedCode(t.email);
    const wrong = await a.supabase.auth.updateUser({ password: 'a-new-password-1', nonce: otherCode(nonce) });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect(await apiStatus(b.session.access_token)).toBe(200);
    const done = await a.supabase.auth.updateUser({ password: 'a-new-password-1', nonce });
    expect(done.error).toBeNull();
    expect(await apiStatus(b.session.access_token)).toBe(401);
    expect(await apiStatus(a.session.access_token)).toBe(200);
    expect((await lastMail(ctx.app, t.email))?.subject).toBe('Your Stockwise password was changed');
    const replay = await a.supabase.auth.updateUser({ password: 'a-new-password-2', nonce });
    expect(replay.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    await signedIn(t.email, 'a-new-password-1');
  });

  test('reauthenticate needs a live session', async () => {
    const t = await registerCompany(ctx.app);
    const a = await signedIn(t.email);
    const res = await fetch(`${base}/auth/v1/reauthenticate`, { headers: { apikey: key } });
    expect(res.status).toBe(401);
    await a.supabase.auth.signOut();
    const after = await fetch(`${base}/auth/v1/reauthenticate`, {
      headers: { apikey: key, ...bearer(a.session.access_token) },
    });
    expect(after.status).toBe(403);
  });
});

describe('email and profile changes', () => {
  test('updateUser({email}) mails a code to the new address; verifyOtp type email_change makes it the account’s', async () => {
    const t = await registerCompany(ctx.app);
    const a = await signedIn(t.email);
    const newEmail = `${unique('new')}@example.com`;
    const asked = await a.supabase.auth.updateUser({ email: newEmail });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email: t.email, new_email: newEmail });
    expect((await lastMail(ctx.app, newEmail))?.subject).toBe('Confirm your new Stockwise email address');
    // resend: a new code for the change, the first one stops working.
    const first = await mailedCode(newEmail);
    expect((await client().auth.resend({ type: 'email_change', email: t.email })).error).toBeNull();
    const second = await mailedCode(newEmail);
    if (first !== second)
      expect(
        (await client().auth.verifyOtp({ email: newEmail, token: first, type: 'email_change' })).error,
      ).toMatchObject({
        code: 'otp_expired',
      });
    const { data, error } = await client().auth.verifyOtp({ email: newEmail, token: second, type: 'email_change' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: t.userId, email: newEmail });
    expect(data.user!.new_email).toBeUndefined();
    await signedIn(newEmail);
    expect((await client().auth.signInWithPassword({ email: t.email, password: PASSWORD })).error).not.toBeNull();
  });

  test('the address the account has hears of an asked change; a new password cancels it before it is confirmed', async () => {
    const t = await registerCompany(ctx.app);
    const owner = await signedIn(t.email);
    // Someone else holding a session of the account moves it to a mailbox of theirs.
    const taker = await signedIn(t.email);
    const theirs = `${unique('taker')}@example.com`;
    expect((await taker.supabase.auth.updateUser({ email: theirs })).error).toBeNull();
    const notice = await lastMail(ctx.app, t.email);
    expect(notice?.subject).toBe('A change of your Stockwise email address was asked for');
    expect(notice?.text).toContain(theirs);
    const code = await mailedCode(theirs);
    // The owner, told, changes the password (which ends the other sessions too).
    expect((await owner.supabase.auth.reauthenticate()).error).toBeNull();
    const nonce = await mailedCode(t.email);
    expect((await owner.supabase.auth.updateUser({ password: 'a-new-password-1', nonce })).error).toBeNull();
    // The code mailed to the taker's address confirms nothing now; the account keeps its address.
    const late = await client().auth.verifyOtp({ email: theirs, token: code, type: 'email_change' });
    expect(late.error).not.toBeNull();
    const me = await owner.supabase.auth.getUser();
    expect(me.data.user).toMatchObject({ email: t.email });
    expect(me.data.user!.new_email).toBeUndefined();
  });

  test('an address another account has gets the same answer, no code, and its owner a notice', async () => {
    const t = await registerCompany(ctx.app);
    const other = await registerCompany(ctx.app);
    const a = await signedIn(t.email);
    const free = `${unique('free')}@example.com`;
    const toFree = await a.supabase.auth.updateUser({ email: free });
    const toTaken = await a.supabase.auth.updateUser({ email: other.email });
    expect(toTaken.error).toBeNull();
    expect(Object.keys(toTaken.data.user!).sort()).toEqual(Object.keys(toFree.data.user!).sort());
    expect((await lastMail(ctx.app, other.email))?.subject).toBe('You already have a Stockwise account');
    expect(await ctx.db.query(`SELECT 1 FROM auth_one_time_codes WHERE email_key = $1`, [other.email])).toHaveLength(0);
  });

  test('resend signup mails the verification link of an unverified account only; unknown addresses get nothing', async () => {
    const t = await registerCompany(ctx.app);
    const before = (await mailsTo(t.email)).length;
    expect((await client().auth.resend({ type: 'signup', email: t.email })).error).toBeNull();
    expect(await mailsTo(t.email)).toHaveLength(before); // already verified
    const stranger = `${unique('nobody')}@example.com`;
    expect((await client().auth.resend({ type: 'signup', email: stranger })).error).toBeNull();
    expect(await mailsTo(stranger)).toHaveLength(0);
    await ctx.db.query(`UPDATE users SET email_verified_at = NULL WHERE id = $1`, [t.userId]);
    expect((await client().auth.resend({ type: 'signup', email: t.email })).error).toBeNull();
    expect((await lastMail(ctx.app, t.email))?.subject).toBe('Verify your Stockwise email address');
    // …and an unverified account gets no sign-in code (its address is not proven yet).
    const count = (await mailsTo(t.email)).length;
    await client().auth.signInWithOtp({ email: t.email });
    expect(await mailsTo(t.email)).toHaveLength(count);
  });

  test('data: first_name and last_name change; unchanged metadata is accepted; anything else is refused', async () => {
    const t = await registerCompany(ctx.app);
    const a = await signedIn(t.email);
    const metadata = a.session.user.user_metadata;
    const named = await a.supabase.auth.updateUser({ data: { ...metadata, first_name: 'Ada', last_name: 'Lovelace' } });
    expect(named.error).toBeNull();
    expect(named.data.user!.user_metadata).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    const profile = await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(a.session.access_token) });
    expect(profile.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    const unknown = await a.supabase.auth.updateUser({ data: { favourite_colour: 'blue' } });
    expect(unknown.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(unknown.error!.message).toContain('favourite_colour');
    const company = await a.supabase.auth.updateUser({ data: { company_name: 'Another' } });
    expect(company.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const blank = await a.supabase.auth.updateUser({ data: { first_name: '' } });
    expect(blank.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const phone = await a.supabase.auth.updateUser({ phone: '+15550000000' });
    expect(phone.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
  });
});
