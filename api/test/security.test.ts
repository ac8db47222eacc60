import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import sharp from 'sharp';
import Stripe from 'stripe';
import { buildApp } from '../src/app.js';
import { encodeCursor } from '../src/lib/schemas.js';
import { loadConfig, ConfigError } from '../src/config.js';
import { migrate } from '../src/db/migrations.js';
import { TokenService } from '../src/modules/auth/tokens.js';
import { OutboxMailer } from '../src/modules/mail/mailer.js';
import { SESSION_KEY_FILE } from '../src/plugins/adapters.js';
import {
  addUser,
  bearer,
  closeShared,
  ip,
  lastMail,
  PASSWORD,
  registerCompany,
  signedToken,
  signIn,
  testApp,
  unique,
  verificationToken,
  verifyEmail,
  type Tenant,
  type TestContext,
} from './helpers.js';

// Regression tests for the security review: each fails on the code before it.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp({ LOGIN_FAILURES_PER_ACCOUNT: '5', LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: '3' });
});
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

const STRANGER = '203.0.113.7';
const login = (userName: string, password: string, from = ip()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { userName, password }, remoteAddress: from });
const codeLogin = (userName: string, password: string, code: string, from: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { userName, password, code },
    remoteAddress: from,
  });
const post = (url: string, payload: unknown, from = ip()) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: from });

describe('development stand-ins answer this machine only', () => {
  test('the mail outbox refuses another machine, also through a trusted proxy', async () => {
    const local = await ctx.app.inject({ url: '/api/dev/outbox' });
    expect(local.statusCode).toBe(200);
    const remote = await ctx.app.inject({ url: '/api/dev/outbox', remoteAddress: STRANGER });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().code).toBe('LOCAL_ONLY');
    const proxied = await testApp({ TRUST_PROXY: 'loopback' });
    try {
      const viaGateway = await proxied.app.inject({ url: '/api/dev/outbox', headers: { 'x-forwarded-for': STRANGER } });
      expect(viaGateway.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  test('the embedded Google sign-in refuses another machine', async () => {
    const res = await ctx.app.inject({ url: '/oidc/.well-known/openid-configuration', remoteAddress: STRANGER });
    expect(res.statusCode).toBe(403);
  });

  test('an outbox mail is never a log line: the log says it was queued, without body or link', async () => {
    const lines: string[] = [];
    const log = {
      info: (...args: unknown[]) => lines.push(JSON.stringify(args)),
    } as unknown as ConstructorParameters<typeof OutboxMailer>[1];
    const to = `${unique('m')}@example.com`;
    await new OutboxMailer(ctx.db, log).send({
      to,
      subject: 'Reset',
      text: 'secret link https://x/reset?token=abc123',
    });
    expect(lines.join('\n')).toContain('queued');
    expect(lines.join('\n')).not.toContain('abc123');
    expect(lines.join('\n')).not.toContain(to);
    expect((await lastMail(ctx.app, to))?.text).toContain('abc123');
  });
});

describe('configuration', () => {
  test('production refuses demo data and a trust-everyone proxy setting; NODE_ENV unset is production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(loadConfig({}).mode).toBe('production');
    expect(loadConfig({}).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
  });

  test("a phone factor's one-code-a-minute window can be shortened in development only", () => {
    expect(loadConfig({ NODE_ENV: 'development' }).mfaPhoneMaxFrequencySeconds).toBe(60);
    expect(loadConfig({ NODE_ENV: 'test', MFA_PHONE_MAX_FREQUENCY_SECONDS: '20' }).mfaPhoneMaxFrequencySeconds).toBe(
      20,
    );
    expect(() => loadConfig({ NODE_ENV: 'development', MFA_PHONE_MAX_FREQUENCY_SECONDS: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', MFA_PHONE_MAX_FREQUENCY_SECONDS: '60' })).toThrow(
      'MFA_PHONE_MAX_FREQUENCY_SECONDS is refused in production',
    );
  });

  test('behind TRUST_PROXY the client is the right-most untrusted hop, not what the client wrote', async () => {
    const proxied = await testApp({ TRUST_PROXY: 'loopback', LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: '3' });
    try {
      const t = await registerCompany(proxied.app);
      const real = ip();
      // A client writes a fake first hop; the proxy (loopback) appends the address it saw.
      for (let i = 0; i < 3; i++) {
        await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { userName: t.userName, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `${ip()}, ${real}` },
        });
      }
      const blocked = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: t.userName, password: PASSWORD },
        headers: { 'x-forwarded-for': `${ip()}, ${real}` },
      });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  test('the migration refuses an app role that could bypass row-level security', async () => {
    await ctx.db.query('ALTER ROLE stockwise_app BYPASSRLS');
    try {
      await expect(migrate(ctx.db)).rejects.toThrow(/BYPASSRLS/);
    } finally {
      await ctx.db.query('ALTER ROLE stockwise_app NOBYPASSRLS');
    }
    await expect(migrate(ctx.db)).resolves.toEqual([]);
  });
});

describe('email ownership is proven', () => {
  test('a registration cannot sign in until its link is used; login carries message + verificationToken; resend sends a new link', async () => {
    const userName = unique('new');
    const email = `${userName}@example.com`;
    const reg = await post('/api/auth/register', {
      firstName: 'N',
      lastName: 'U',
      userName,
      email,
      password: PASSWORD,
    });
    expect(reg.statusCode).toBe(200);
    expect(reg.json().token).toBeUndefined();
    const first = await verificationToken(ctx.app, email);

    const refused = await login(userName, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: expect.stringMatching(/verify your email/),
      verificationToken: expect.any(String),
    });
    // a wrong password says nothing about verification
    expect((await login(userName, 'wrong-password')).json().verificationToken).toBeUndefined();
    // the resend token is no session token
    const asSession = await ctx.app.inject({
      url: '/api/auth/getuser',
      headers: bearer(refused.json().verificationToken),
    });
    expect(asSession.statusCode).toBe(401);

    const resent = await post('/api/auth/resend-verification', { verificationToken: refused.json().verificationToken });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toContain(email);
    const second = await verificationToken(ctx.app, email);
    expect(second).not.toBe(first);

    const used = await post('/api/auth/verify-email', { token: second });
    expect(used.statusCode).toBe(200);
    expect((await login(userName, PASSWORD)).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email', { token: second });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('VERIFICATION_INVALID');
  });

  test('company-with-admin and register-with-invitation need the link too', async () => {
    const userName = unique('co');
    const email = `${userName}@example.com`;
    const reg = await post('/api/auth/company-with-admin', {
      companyName: 'Verify Co',
      userName,
      email,
      firstName: 'V',
      lastName: 'C',
      password: PASSWORD,
      withGoogle: false,
    });
    expect(reg.json()).toMatchObject({ verificationRequired: true, email, companyId: expect.any(String) });
    expect((await login(userName, PASSWORD)).statusCode).toBe(403);
    await verifyEmail(ctx.app, email);
    const owner = await signIn(ctx.app, userName);
    const inviteeEmail = `${unique('inv')}@example.com`;
    const inv = await ctx.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(owner.token),
      payload: { email: inviteeEmail, roles: ['Storekeeper'] },
    });
    const inviteeName = unique('joiner');
    const joined = await post('/api/auth/register-with-invitation', {
      invitationId: inv.json().id,
      userName: inviteeName,
      email: inviteeEmail,
      firstName: 'J',
      lastName: 'K',
      password: PASSWORD,
    });
    expect(joined.json()).toMatchObject({ verificationRequired: true, email: inviteeEmail });
    expect((await login(inviteeName, PASSWORD)).statusCode).toBe(403);
  });

  test('an invitation link alone does not claim the seat: the invitee’s email must be given and match', async () => {
    const owner = await registerCompany(ctx.app, 'Seat Co');
    const inviteeEmail = `${unique('seat')}@example.com`;
    const inv = await ctx.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(owner.token),
      payload: { email: inviteeEmail, roles: ['Storekeeper'] },
    });
    const invitationId = inv.json().id as string;
    // The look-up a link holder can make does not hand out the address that proves the claim.
    const looked = await ctx.app.inject({ url: `/api/auth/validate-invitation/${invitationId}` });
    expect(looked.json()).toMatchObject({ valid: true, companyName: 'Seat Co' });
    expect(looked.body).not.toContain(inviteeEmail);
    const stranger = { invitationId, userName: unique('thief'), firstName: 'S', lastName: 'T', password: PASSWORD };
    const noEmail = await post('/api/auth/register-with-invitation', stranger);
    expect(noEmail.statusCode).toBe(400);
    const wrong = await post('/api/auth/register-with-invitation', { ...stranger, email: 'thief@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVITATION_EMAIL_MISMATCH',
      message: 'This invitation was sent to a different email address.',
    });
    expect(wrong.body).not.toContain(inviteeEmail);
    expect((await login(stranger.userName, PASSWORD)).statusCode).toBe(401);
    // The seat is still the invitee's: the invitation is pending, and their own address (any case) takes it.
    expect((await ctx.app.inject({ url: `/api/auth/validate-invitation/${invitationId}` })).json().valid).toBe(true);
    const invitee = { ...stranger, userName: unique('seat'), email: inviteeEmail.toUpperCase() };
    const joined = await post('/api/auth/register-with-invitation', invitee);
    expect(joined.statusCode).toBe(200);
    await verifyEmail(ctx.app, inviteeEmail);
    expect((await signIn(ctx.app, invitee.userName)).user).toMatchObject({
      email: inviteeEmail,
      roles: ['Storekeeper'],
    });
  });

  test('an email change waits for its link: the old email stays; a taken one answers the same and only its mailbox is told', async () => {
    const t = await registerCompany(ctx.app);
    const other = await registerCompany(ctx.app);
    const taken = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/updateuser',
      headers: bearer(t.token),
      payload: { email: other.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ email: t.email, pendingEmail: other.email.toUpperCase() });
    const told = await lastMail(ctx.app, other.email);
    expect(told?.text).toContain('There is already a Stockwise account with this email address');
    expect(told?.text).not.toContain('/verify-email');
    const still = await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(t.token) });
    expect(still.json().email).toBe(t.email);
    const newEmail = `${unique('moved')}@example.com`;
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/updateuser',
      headers: bearer(t.token),
      payload: { email: newEmail },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: t.email, pendingEmail: newEmail });
    // The address the account has is told, with the address it would move to.
    const notice = await lastMail(ctx.app, t.email);
    expect(notice?.subject).toBe('A change of your Stockwise email address was asked for');
    expect(notice?.text).toContain(newEmail);
    expect((await login(newEmail, PASSWORD)).statusCode).toBe(401);
    await verifyEmail(ctx.app, newEmail);
    expect((await login(newEmail, PASSWORD)).statusCode).toBe(200);
    expect((await login(t.email, PASSWORD)).statusCode).toBe(401);
  });

  test('a user name cannot contain @, so it never shadows an email at sign-in', async () => {
    const victim = await registerCompany(ctx.app);
    const res = await post('/api/auth/register', {
      firstName: 'A',
      lastName: 'B',
      userName: victim.email,
      email: `${unique()}@example.com`,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('userName');
  });
});

describe('throttling slows attackers without locking out the owner', () => {
  test('a stranger’s failures stop the stranger, not the owner at a known address', async () => {
    const t = await registerCompany(ctx.app);
    const home = ip();
    expect((await login(t.userName, PASSWORD, home)).statusCode).toBe(200);
    // 3 failures from one address: that address is refused for this account
    const attacker = ip();
    for (let i = 0; i < 3; i++) expect((await login(t.email, 'guess-password', attacker)).statusCode).toBe(401);
    expect((await login(t.userName, PASSWORD, attacker)).statusCode).toBe(429);
    // more failures from many addresses: the account is under attack (5 per hour here)…
    for (let i = 0; i < 3; i++) await login(t.userName, 'guess-password', ip());
    // …new addresses wait, whatever name or email they type
    expect((await login(t.email, PASSWORD, ip())).statusCode).toBe(429);
    // the owner at home signs in
    expect((await login(t.userName, PASSWORD, home)).statusCode).toBe(200);
  });

  test('the owner signs in with the right password and a mailed code while the account is refused everywhere', async () => {
    const t = await registerCompany(ctx.app);
    // Failures from many addresses (5 an hour here): every address the owner never used waits.
    for (let i = 0; i < 5; i++) await login(t.userName, 'guess-password', ip());
    const mails = async () =>
      (await ctx.db.query(`SELECT 1 FROM mail_outbox WHERE lower(to_address) = lower($1)`, [t.email])).length;
    const before = await mails();
    // An attacker's guess and the owner's right password get the same answer…
    const attacker = await login(t.userName, 'another-guess', ip());
    const travelling = ip();
    const owner = await login(t.userName, PASSWORD, travelling);
    expect(attacker.statusCode).toBe(429);
    expect(owner.statusCode).toBe(429);
    expect(owner.json()).toEqual(attacker.json());
    expect(owner.json().message).toMatch(/Too many failed sign-in attempts/);
    expect(owner.json().code).toBe('SIGN_IN_REFUSED');
    // …but only the right password mails a code, to the account's own address.
    expect(await mails()).toBe(before + 1);
    const mail = await lastMail(ctx.app, t.email);
    expect(mail?.subject).toBe('Your Stockwise sign-in code');
    const code = /\b(\d{8})\b/.exec(mail!.text)![1]!;
    // The code is no use without the password, and the password and code sign the owner in, once.
    expect((await codeLogin(t.userName, 'another-guess', code, ip())).statusCode).toBe(429);
    const signedIn = await codeLogin(t.userName, PASSWORD, code, travelling);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
    expect((await codeLogin(t.userName, PASSWORD, code, ip())).statusCode).toBe(429);
  });

  test('reset-password is rate-limited before any hashing', async () => {
    const from = ip();
    const email = `${unique()}@example.com`;
    const body = { email, token: 'x'.repeat(43), newPassword: PASSWORD, confirmPassword: PASSWORD };
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await post('/api/auth/reset-password', body, from)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  test('registration over the limit is 429 and writes nothing', async () => {
    const from = ip();
    for (let i = 0; i < 30; i++) {
      await ctx.db.query(`INSERT INTO rate_limit_events (key) VALUES ($1)`, [`register:ip:${from}`]);
    }
    const userName = unique('late');
    const res = await post(
      '/api/auth/company-with-admin',
      { companyName: 'Late', userName, email: `${userName}@x.io`, firstName: 'L', lastName: 'T', password: PASSWORD },
      from,
    );
    expect(res.statusCode).toBe(429);
    const rows = await ctx.db.query(`SELECT 1 FROM user_directory WHERE user_name_key = $1`, [userName]);
    expect(rows).toHaveLength(0);
  });
});

describe('hostile input gets a 4xx', () => {
  test('JSON nested 5,000 levels deep is a 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(5000) + ']'.repeat(5000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested deeper/);
  });

  test('control and bidi-override characters are refused in one-line fields', async () => {
    const t = await registerCompany(ctx.app);
    for (const companyName of ['Acme\u202Egnp.exe', 'Two\nlines', 'Tab\there']) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/company/${t.companyId}`,
        headers: bearer(t.token),
        payload: { companyName },
      });
      expect(res.statusCode).toBe(400);
    }
    const name = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/updateuser',
      headers: bearer(t.token),
      payload: { firstName: 'Eve\u2066' },
    });
    expect(name.statusCode).toBe(400);
  });

  test('values JSON allows and the database or the code cannot read are a 400, never a 500, and nothing changes', async () => {
    const t = await registerCompany(ctx.app);
    const get = (url: string) => ctx.app.inject({ url, headers: bearer(t.token) });
    const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      ctx.app.inject({ method, url, headers: bearer(t.token), payload });
    const id = randomUUID();
    const refused = [
      // An id only as the API writes one: lower case, no urn: prefix (PostgreSQL refused that one;
      // an upper-case one passed a compare with the caller's own id as another user's).
      await get(`/api/items/urn:uuid:${id}`),
      await get(`/api/items/${id.toUpperCase()}`),
      await send('POST', `/api/users/${t.userId.toUpperCase()}/deactivate`, {}),
      // Year 0 (PostgreSQL has none) and a leap second (JavaScript cannot read one).
      await get('/api/sales?from=0000-01-01T00:00:00Z'),
      await get('/api/reports/tracking?to=2016-12-31T23:59:60Z'),
      // A cursor no list gave out: a time Date.parse takes and PostgreSQL does not.
      await get(`/api/sales?cursor=${encodeCursor(['1', id])}`),
      // A reason of spaces alone was trimmed to '' and refused by the database.
      await send('POST', `/api/sales/${id}/void`, { reason: '   ' }),
    ];
    // Refused by validation, before anything reads them: not the database's refusal caught late.
    expect(refused.map((r) => [r.statusCode, r.json().code])).toEqual(refused.map(() => [400, 'VALIDATION_ERROR']));
    // Still the owner, still signed in.
    expect((await get('/api/access')).statusCode).toBe(200);
  });

  test('a multipart upload the reader cannot read is a 400 in Storage’s shape', async () => {
    const t = await registerCompany(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/storage/v1/object/ItemImages/${t.companyId}/items/a.png`,
      headers: { ...bearer(t.token), 'content-type': 'multipart/form-data' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
  });

  test('logoPath only in the company’s own folder; profile pictures only from the product’s storage', async () => {
    const t = await registerCompany(ctx.app);
    const other = await registerCompany(ctx.app);
    for (const logoPath of [`${other.companyId}/logo.png`, '../x.png', 'https://evil.example/logo.png']) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/company/${t.companyId}`,
        headers: bearer(t.token),
        payload: { logoPath },
      });
      expect(res.statusCode).toBe(400);
    }
    const base = 'http://localhost:8080/storage/v1/object/public/company-logos';
    for (const profilePictureUrl of [
      'https://evil.example/me.png',
      `${base}/${other.companyId}/profile-pictures/${other.userId}/1.png`,
      `${base}/${t.companyId}/logo.png`,
    ]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/auth/updateuser',
        headers: bearer(t.token),
        payload: { profilePictureUrl },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('tokens', () => {
  test('a token without exp is refused, and so is one whose user no longer exists', async () => {
    const t = await registerCompany(ctx.app);
    const forever = await signedToken(
      {
        company_id: t.companyId,
        unique_name: t.userName,
        session_id: decodeJwt(t.token).session_id,
        sub: t.userId,
        iss: 'stockwise-api',
        aud: 'authenticated',
      },
      { ctx },
    );
    expect((await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(forever) })).statusCode).toBe(401);

    const gone = await addUser(ctx.app, t, ['Storekeeper']);
    await ctx.db.query(`DELETE FROM user_directory WHERE user_id = $1`, [gone.userId]);
    await ctx.db.query(`DELETE FROM users WHERE id = $1`, [gone.userId]);
    for (const url of ['/api/company', '/api/locations', '/api/subscription/current', '/api/items', '/api/tasks']) {
      expect((await ctx.app.inject({ url, headers: bearer(gone.token) })).statusCode).toBe(401);
    }
  });

  test('on the embedded database the session key is a 0600 file of the data folder, not a database row a backup carries; a key found in the database moves there and its sessions stay valid', async () => {
    const t = await registerCompany(ctx.app);
    // An older version's key, kept in app_secrets, and a session it signed.
    const legacy = randomBytes(48).toString('base64url');
    await ctx.db.query(
      `INSERT INTO app_secrets (name, value) VALUES ('jwt', $1) ON CONFLICT (name) DO UPDATE SET value = $1`,
      [legacy],
    );
    // Signed for the company's live session, so only the key decides whether it is accepted.
    const session = await new TokenService(legacy, 3600).sign({
      userId: t.userId,
      companyId: t.companyId,
      userName: t.userName,
      roles: ['Company Owner'],
      sessionId: String(decodeJwt(t.token).session_id),
      email: t.email,
      aal: 'aal1',
      amr: 'password',
      signedInAt: Math.floor(Date.now() / 1000),
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sw-api-key-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    for (let start = 0; start < 2; start++) {
      const app = await buildApp({ config, db: ctx.db, logger: false });
      try {
        expect((await app.inject({ url: '/api/auth/getuser', headers: bearer(session) })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
      const file = path.join(dataDir, SESSION_KEY_FILE);
      expect(readFileSync(file, 'utf8')).toBe(legacy);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(await ctx.db.query(`SELECT 1 FROM app_secrets WHERE name = 'jwt'`)).toEqual([]);
    }
  });

  test('a profile picture works as <img src>: the sign-in cookie reads it, no token in the URL, same company only', async () => {
    const t = await registerCompany(ctx.app);
    const picture = `http://localhost:8080/storage/v1/object/public/company-logos/${t.companyId}/profile-pictures/${t.userId}/1.png`;
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/updateuser',
      headers: bearer(t.token),
      payload: { profilePictureUrl: picture },
    });
    const signed = await login(t.userName, PASSWORD);
    const setCookie = String(signed.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/auth\/profile-picture/);
    const cookie = setCookie.split(';')[0]!;
    const img = await ctx.app.inject({ url: `/api/auth/profile-picture/${t.userId}`, headers: { cookie } });
    expect(img.statusCode).toBe(302);
    expect(img.headers.location).toBe(picture);
    expect((await ctx.app.inject({ url: `/api/auth/profile-picture/${t.userId}` })).statusCode).toBe(401);
    // the cookie is no session, and it does not cross companies
    const value = cookie.split('=')[1]!;
    expect((await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(value) })).statusCode).toBe(401);
    const other = await registerCompany(ctx.app);
    const otherCookie = String((await login(other.userName, PASSWORD)).headers['set-cookie']).split(';')[0]!;
    const across = await ctx.app.inject({
      url: `/api/auth/profile-picture/${t.userId}`,
      headers: { cookie: otherCookie },
    });
    expect(across.statusCode).toBe(404);
  });
});

describe('storage', () => {
  let PNG: Buffer;
  beforeAll(async () => {
    PNG = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
  });
  const upload = (t: Tenant, key: string, method: 'POST' | 'PUT' = 'POST') =>
    ctx.app.inject({
      method,
      url: `/storage/v1/object/company-logos/${key}`,
      headers: { ...bearer(t.token), 'content-type': 'image/png' },
      payload: PNG,
    });

  test('a file and a folder can never share a name: keys off the bucket’s layout are refused, not a 500', async () => {
    const t = await registerCompany(ctx.app);
    expect((await upload(t, `${t.companyId}/a`)).statusCode).toBe(200);
    expect((await upload(t, `${t.companyId}/a/b.png`)).statusCode).toBe(403);
    expect((await upload(t, `${t.companyId}/a/b.png/c.png`)).statusCode).toBe(403);
    expect((await upload(t, `${t.companyId}/b.png`)).statusCode).toBe(200);
  });

  test('only those who manage company settings may overwrite or delete the logo; members keep their own picture', async () => {
    const owner = await registerCompany(ctx.app);
    const keeper = await addUser(ctx.app, owner, ['Storekeeper']);
    const admin = await addUser(ctx.app, owner, ['Admin']);
    const logo = `${owner.companyId}/logo.png`;
    expect((await upload(owner, logo)).statusCode).toBe(200);
    expect((await upload(keeper, logo, 'PUT')).statusCode).toBe(403);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/storage/v1/object/company-logos',
      headers: bearer(keeper.token),
      payload: { prefixes: [logo] },
    });
    expect(removed.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/storage/v1/object/public/company-logos/${logo}` })).statusCode).toBe(200);
    expect((await upload(admin, logo, 'PUT')).statusCode).toBe(200);
    expect((await upload(keeper, `${owner.companyId}/profile-pictures/${keeper.userId}/1.png`)).statusCode).toBe(200);
    expect((await upload(keeper, `${owner.companyId}/profile-pictures/${admin.userId}/1.png`)).statusCode).toBe(403);
  });
});

describe('webhooks', () => {
  const deliver = async (event: object, timestamp?: number) => {
    const [row] = await ctx.db.query<{ value: string }>(
      `SELECT value FROM app_secrets WHERE name = 'stripe-local-webhook'`,
    );
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: row!.value,
      ...(timestamp ? { timestamp } : {}),
    });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
  };
  const event = (created: number) => ({
    id: unique('evt_'),
    type: 'invoice.paid',
    created,
    data: { object: { object: 'invoice', id: unique('in_') } },
  });

  test('a signature from the future is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await deliver(event(now), now + 3600);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SIGNATURE_STALE');
  });

  test('absurd numbers are a 400, not a 500', async () => {
    for (const created of [1e20, -5, 1.5]) {
      const res = await deliver(event(created));
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('Content-Security-Policy', () => {
  test('every answer carries a strict policy: no inline or foreign script, no framing, no plugins', async () => {
    for (const url of ['/api/health', '/api/docs/', '/api/dev/outbox']) {
      const policy = (await ctx.app.inject({ url })).headers['content-security-policy'];
      expect(policy).toEqual(expect.any(String));
      const d = Object.fromEntries(
        String(policy)
          .split(';')
          .map((p) => p.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(d['script-src']).toEqual(["'self'"]);
      expect(d['object-src']).toEqual(["'none'"]);
      expect(d['base-uri']).toEqual(["'none'"]);
      expect(d['frame-ancestors']).toEqual(["'none'"]);
    }
  });
});

describe('security headers', () => {
  // Set once for the process, not built per request: every answer — a success, a refusal, a
  // missing route, the docs' HTML — still carries the whole set, with the values a browser sees.
  const HEADERS = {
    'content-security-policy':
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'cross-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  test('a success, a 401, a 404 and the docs page carry the same full set', async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/auth/getuser', 401],
      ['/api/no-such-route', 404],
      ['/api/docs/', 200],
    ] as const) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(status);
      expect(res.headers).toMatchObject(HEADERS);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('slow bodies on a listening server', () => {
  let server: TestContext;
  let port = 0;
  beforeAll(async () => {
    server = await testApp({ REQUEST_TIMEOUT_SECONDS: '2' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as { port: number }).port;
  });
  afterAll(() => server.close());

  test('a body that trickles in is cut off by the request timeout with a 408', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(received));
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
      // One byte a second, for ever: only the server's timeout ends this.
      const drip = setInterval(() => !socket.destroyed && socket.write(' '), 1000);
      socket.on('close', () => clearInterval(drip));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);
});
