import { SignJWT } from 'jose';
import sharp from 'sharp';
import Stripe from 'stripe';
import { loadConfig, ConfigError } from '../src/config.js';
import { migrate } from '../src/db/migrations.js';
import { OutboxMailer } from '../src/modules/mail/mailer.js';
import {
  addUser,
  bearer,
  closeShared,
  ip,
  lastMail,
  PASSWORD,
  registerCompany,
  signIn,
  testApp,
  unique,
  verificationToken,
  verifyEmail,
  type Tenant,
  type TestContext,
} from './helpers.js';

// Regression tests for the security review (issue 8): each fails on the code before it.
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
      firstName: 'J',
      lastName: 'K',
      password: PASSWORD,
    });
    expect(joined.json()).toMatchObject({ verificationRequired: true, email: inviteeEmail });
    expect((await login(inviteeName, PASSWORD)).statusCode).toBe(403);
  });

  test('an email change waits for its link: the old email stays, the new one must be free', async () => {
    const t = await registerCompany(ctx.app);
    const other = await registerCompany(ctx.app);
    const taken = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/updateuser',
      headers: bearer(t.token),
      payload: { email: other.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    const newEmail = `${unique('moved')}@example.com`;
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/updateuser',
      headers: bearer(t.token),
      payload: { email: newEmail },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: t.email, pendingEmail: newEmail });
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
    const secret = (await ctx.db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'jwt'`))[0]!
      .value;
    const forever = await new SignJWT({ company_id: t.companyId, unique_name: t.userName })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(t.userId)
      .setIssuer('stockwise-api')
      .setAudience('stockwise')
      .sign(new TextEncoder().encode(secret));
    expect((await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(forever) })).statusCode).toBe(401);

    const gone = await addUser(ctx.app, t, ['Storekeeper']);
    await ctx.db.query(`DELETE FROM user_directory WHERE user_id = $1`, [gone.userId]);
    await ctx.db.query(`DELETE FROM users WHERE id = $1`, [gone.userId]);
    for (const url of ['/api/company', '/api/locations', '/api/subscription/current', '/api/items', '/api/tasks']) {
      expect((await ctx.app.inject({ url, headers: bearer(gone.token) })).statusCode).toBe(401);
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
