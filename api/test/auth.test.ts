import { decodeJwt } from 'jose';
import { inPublic } from '../src/db/tenant.js';
import { freeUserName } from '../src/modules/auth/accounts.js';
import { ROLE_CLAIM } from '../src/modules/auth/tokens.js';
import { activatePremium } from '../src/modules/subscriptions/service.js';
import {
  addUser,
  bearer,
  closeShared,
  ip,
  lastMail,
  PASSWORD,
  registerCompany,
  signIn,
  signedToken,
  testApp,
  unique,
  verificationToken,
  verifyEmail,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp({ LOGIN_FAILURES_PER_ACCOUNT: '5' });
});
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

const login = (userName: string, password: string, from = ip()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { userName, password }, remoteAddress: from });

describe('registration and login', () => {
  test('company-with-admin creates the company, its six roles, a Free subscription and a token of its Company Owner, who is its Admin too', async () => {
    const t = await registerCompany(ctx.app, 'Acme Ltd');
    const claims = decodeJwt(t.token);
    expect(claims[ROLE_CLAIM]).toEqual(['Admin', 'Company Owner']);
    expect(claims.sub).toBe(t.userId);
    expect(claims.company_id).toBe(t.companyId);
    expect(typeof claims.exp).toBe('number');
    const user = await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(t.token) });
    expect(user.json()).toMatchObject({
      userName: t.userName,
      email: t.email,
      firstName: 'Olga',
      lastName: 'Owner',
      companyName: 'Acme Ltd',
      CompanyName: 'Acme Ltd',
      profilePictureUrl: null,
    });
    const roles = await ctx.app.inject({ url: '/api/roles', headers: bearer(t.token) });
    expect(
      roles
        .json()
        .map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['Account Manager', 'Admin', 'Company Owner', 'New Item Operator', 'Rapid Seller', 'Storekeeper']);
    const sub = await ctx.app.inject({ url: '/api/subscription/current', headers: bearer(t.token) });
    expect(sub.json()).toMatchObject({ status: 0, plan: { planName: 'Free Plan', planType: 0 } });
  });

  test('login answers {token, user} with the role list; wrong password and unknown user give the same 401', async () => {
    const t = await registerCompany(ctx.app);
    const ok = await login(t.userName, PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ userName: t.userName, roles: ['Admin', 'Company Owner'] });
    expect(ok.json().user).toHaveProperty('CompanyName');
    const wrong = await login(t.userName, 'wrong-password');
    const unknown = await login(unique('nobody'), 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.json().message).toBe('Invalid user name or password.');
  });

  test('login also accepts the email address and is case-insensitive on the name', async () => {
    const t = await registerCompany(ctx.app);
    expect((await login(t.email.toUpperCase(), PASSWORD)).statusCode).toBe(200);
    expect((await login(t.userName.toUpperCase(), PASSWORD)).statusCode).toBe(200);
  });

  test('after too many failures for one account the answer is 429 with a clear message, even with the right password', async () => {
    const t = await registerCompany(ctx.app);
    for (let i = 0; i < 5; i++) expect((await login(t.userName, 'bad-password', ip())).statusCode).toBe(401);
    const blocked = await login(t.userName, PASSWORD, ip());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
    // the counters are in the database, not in this process
    const [row] = await inPublic(ctx.db, (q) =>
      q.query<{ n: number }>(`SELECT count(*)::int AS n FROM rate_limit_events WHERE key = $1`, [
        `login:account:user:${t.userId}`,
      ]),
    );
    expect(row!.n).toBe(5);
  });

  test('password policy: fewer than 8 characters is refused with a clear message naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: ip(),
      payload: { firstName: 'A', lastName: 'B', userName: unique(), email: `${unique()}@x.io`, password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'password',
      message: 'The password must be at least 8 characters long.',
    });
  });

  test('register mails a verification link and gives no token; a taken user name or email answers the same, and only the mailbox learns why', async () => {
    const userName = unique();
    const email = `${userName}@x.io`;
    const payload = { firstName: 'Ann', lastName: 'Bee', userName, email, password: PASSWORD };
    const pending = (to: string) => ({
      message: `We have sent a verification link to ${to}. Open it to activate your account, then sign in.`,
      verificationRequired: true,
      email: to,
    });
    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: ip(), payload });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(pending(email));
    await verifyEmail(ctx.app, email);
    const signedIn = await login(userName, PASSWORD);
    expect(signedIn.json().user.roles).toEqual(['Admin', 'Company Owner']);
    // A taken user name: the same answer as a new account; the address given is told by mail.
    const otherEmail = `other-${email}`;
    const sameName = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: ip(),
      payload: { ...payload, email: otherEmail },
    });
    expect(sameName.statusCode).toBe(200);
    expect(sameName.json()).toEqual(pending(otherEmail));
    expect((await lastMail(ctx.app, otherEmail))?.text).toContain(`The user name ${userName} is already taken`);
    expect((await login(otherEmail, PASSWORD)).statusCode).toBe(401);
    // A taken email (any case): the same answer; the account's owner is told by mail, nothing is created.
    const newName = unique();
    const sameEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: ip(),
      payload: { ...payload, userName: newName, email: email.toUpperCase() },
    });
    expect(sameEmail.statusCode).toBe(200);
    expect(sameEmail.json()).toEqual(pending(email.toUpperCase()));
    expect((await lastMail(ctx.app, email))?.text).toContain(
      'There is already a Stockwise account with this email address',
    );
    expect((await login(newName, PASSWORD)).statusCode).toBe(401);
    // The company form answers the same way.
    const company = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/company-with-admin',
      remoteAddress: ip(),
      payload: { ...payload, userName: unique(), companyName: 'Twice Ltd', withGoogle: false },
    });
    expect(company.statusCode).toBe(200);
    expect(company.json()).toEqual({ companyId: expect.any(String), ...pending(email) });
  });

  test('company-with-admin with withGoogle needs the ID token that proves the email', async () => {
    const userName = unique();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/company-with-admin',
      remoteAddress: ip(),
      payload: {
        companyName: 'G Co',
        userName,
        email: `${userName}@gmail.com`,
        firstName: 'G',
        lastName: 'H',
        password: '',
        phone: '',
        industry: '',
        withGoogle: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('idToken');
    // nothing was created: the name is free and nobody signs in with it
    expect((await login(userName, 'anything-at-all')).statusCode).toBe(401);
  });
});

describe('user names made for Google sign-ups', () => {
  test('a taken name gets a suffix from the CSPRNG, not from Math.random’s guessable sequence', async () => {
    const t = await registerCompany(ctx.app);
    const mathRandom = Math.random;
    let calls = 0;
    Math.random = () => (calls++, mathRandom());
    try {
      const name = await freeUserName(ctx.db, t.userName);
      expect(name).toMatch(new RegExp(`^${t.userName}\\d+$`));
      expect(calls).toBe(0);
    } finally {
      Math.random = mathRandom;
    }
  });
});

describe('tokens', () => {
  test('missing, malformed, forged and expired tokens are 401', async () => {
    const t = await registerCompany(ctx.app);
    const claims = decodeJwt(t.token);
    const forged = await signedToken(claims, { secret: 'x'.repeat(48) });
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${t.token.split('.')[1]}.`;
    for (const headers of [
      {},
      { authorization: 'Bearer nonsense' },
      bearer(forged),
      bearer(none),
      { authorization: t.token },
    ]) {
      const res = await ctx.app.inject({ url: '/api/auth/getuser', headers });
      expect(res.statusCode).toBe(401);
    }
    const secret = 'k'.repeat(40);
    const other = await testApp({ JWT_SECRET: secret });
    try {
      const { token: fresh } = await signIn(other.app, t.userName);
      expect((await other.app.inject({ url: '/api/auth/getuser', headers: bearer(fresh) })).statusCode).toBe(200);
      const expired = await signedToken({ ...decodeJwt(fresh), exp: Math.floor(Date.now() / 1000) - 10 }, { secret });
      const res = await other.app.inject({ url: '/api/auth/getuser', headers: bearer(expired) });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/expired/);
    } finally {
      await other.close();
    }
  });
});

describe('profile', () => {
  test('updateuser changes the profile and the new user name signs in', async () => {
    const t = await registerCompany(ctx.app);
    const newName = unique('renamed');
    const picture = `http://localhost:8080/storage/v1/object/public/company-logos/${t.companyId}/profile-pictures/${t.userId}/1.png`;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/updateuser',
      headers: bearer(t.token),
      payload: {
        firstName: 'New',
        lastName: 'Name',
        userName: newName,
        profilePictureUrl: `${picture}`,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'New',
      userName: newName,
      profilePictureUrl: picture,
    });
    expect((await login(newName, PASSWORD)).statusCode).toBe(200);
    expect((await login(t.userName, PASSWORD)).statusCode).toBe(401);
    const pic = await ctx.app.inject({ url: `/api/auth/profile-picture/${t.userId}`, headers: bearer(t.token) });
    expect(pic.statusCode).toBe(302);
    expect(pic.headers.location).toBe(picture);
  });

  test('a javascript: profile picture URL is refused', async () => {
    const t = await registerCompany(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/updateuser',
      headers: bearer(t.token),
      payload: { profilePictureUrl: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('profilePictureUrl');
  });
});

describe('password reset', () => {
  const outbox = async (to: string) =>
    (await ctx.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json();

  test('forgot → mail in outbox → validate → reset → old password fails, new works, token single use', async () => {
    const t = await registerCompany(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: ip(),
      payload: { email: t.email },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await outbox(t.email);
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    expect(mail.text).toContain('http://localhost:8080/reset-password?');
    const valid = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/validate-reset-token',
      payload: { email: t.email, token },
    });
    expect(valid.json()).toEqual({ valid: true, message: 'The reset link is valid.' });
    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: t.email, token, newPassword: 'new-password-1', confirmPassword: 'new-password-2' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().field).toBe('confirmPassword');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: t.email, token, newPassword: 'new-password-1', confirmPassword: 'new-password-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t.userName, PASSWORD)).statusCode).toBe(401);
    expect((await login(t.userName, 'new-password-1')).statusCode).toBe(200);
    const reuse = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: t.email, token, newPassword: 'new-password-3', confirmPassword: 'new-password-3' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('RESET_TOKEN_INVALID');
  });

  test('a new reset link ends the older ones: only the latest mailed link sets a password', async () => {
    const t = await registerCompany(ctx.app);
    const ask = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip(),
        payload: { email: t.email },
      });
    const tokensMailed = async () =>
      ((await outbox(t.email)) as Array<{ text: string }>).map((m) => /token=([\w-]+)/.exec(m.text)![1]!);
    await ask();
    const [first] = await tokensMailed();
    await ask();
    const second = (await tokensMailed()).find((x) => x !== first)!;
    const reset = (token: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: t.email, token, newPassword: password, confirmPassword: password },
      });
    const old = await reset(first!, 'older-link-password');
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('RESET_TOKEN_INVALID');
    expect((await reset(second, 'newest-link-password')).statusCode).toBe(200);
    expect((await login(t.userName, 'older-link-password')).statusCode).toBe(401);
    expect((await login(t.userName, 'newest-link-password')).statusCode).toBe(200);
  });

  test('the token is stored hashed and expires after an hour', async () => {
    const t = await registerCompany(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: ip(),
      payload: { email: t.email },
    });
    const [mail] = await outbox(t.email);
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    const rows = await ctx.db.query<{ token_hash: string; minutes: number }>(
      `SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM password_reset_tokens WHERE user_id = $1`,
      [t.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.minutes).toBe(60);
    await ctx.db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      t.userId,
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/validate-reset-token',
      payload: { email: t.email, token },
    });
    expect(res.statusCode).toBe(400);
  });

  test('forgot-password answers the same for unknown addresses and sends nothing', async () => {
    const t = await registerCompany(ctx.app);
    const email = `${unique('ghost')}@example.com`;
    const sameIp = ip();
    const known = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: t.email },
      remoteAddress: sameIp,
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: sameIp,
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await outbox(email)).toEqual([]);
  });
});

describe('invitations', () => {
  test('invite → validate → register with invitation → the user is in the company with the roles; reuse is refused', async () => {
    const owner = await registerCompany(ctx.app, 'Inviting Co');
    const email = `${unique('inv')}@example.com`;
    const inv = await ctx.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(owner.token),
      payload: { email, roles: ['Storekeeper', 'Rapid Seller'] },
    });
    expect(inv.statusCode).toBe(201);
    const { id, expiresAt, status } = inv.json();
    expect(status).toBe('pending');
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const valid = await ctx.app.inject({ url: `/api/auth/validate-invitation/${id}` });
    expect(valid.json()).toMatchObject({ valid: true, companyName: 'Inviting Co' });
    const userName = unique('joiner');
    const joined = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register-with-invitation',
      remoteAddress: ip(),
      payload: { invitationId: id, userName, email, firstName: 'J', lastName: 'K', password: PASSWORD },
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ verificationRequired: true, email });
    await verifyEmail(ctx.app, email);
    expect((await login(userName, PASSWORD)).json().user).toMatchObject({
      companyName: 'Inviting Co',
      email,
      roles: ['Rapid Seller', 'Storekeeper'],
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register-with-invitation',
      remoteAddress: ip(),
      payload: { invitationId: id, userName: unique(), email, firstName: 'J', lastName: 'K', password: PASSWORD },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This invitation has already been used.');
    expect((await ctx.app.inject({ url: `/api/auth/validate-invitation/${id}` })).json()).toEqual({
      valid: false,
      message: 'This invitation has already been used.',
    });
    const users = await ctx.app.inject({ url: '/api/users', headers: bearer(owner.token) });
    expect(users.json().map((u: { userName: string }) => u.userName)).toContain(userName);
  });

  test('colleagues accepting invitations from one office address are not held by the registration limit; one link gets ten tries', async () => {
    const office = await testApp({ REGISTRATIONS_PER_ADDRESS: '1' });
    try {
      const owner = await registerCompany(office.app);
      // Premium: the Free plan's three seats would refuse the third invitation before any limit is met.
      await activatePremium(office.db, owner.companyId, 'year', new Date(Date.now() + 365 * 86_400_000));
      const address = ip();
      const invite = async (email: string) =>
        (
          await office.app.inject({
            method: 'POST',
            url: '/api/invitations',
            headers: bearer(owner.token),
            payload: { email, roles: ['Storekeeper'] },
          })
        ).json().id as string;
      const accept = (invitationId: string, email: string) =>
        office.app.inject({
          method: 'POST',
          url: '/api/auth/register-with-invitation',
          remoteAddress: address,
          payload: { invitationId, userName: unique(), email, firstName: 'J', lastName: 'K', password: PASSWORD },
        });
      for (const email of [`${unique()}@example.com`, `${unique()}@example.com`]) {
        expect((await accept(await invite(email), email)).statusCode).toBe(200);
      }
      const guessed = await invite(`${unique()}@example.com`);
      for (let i = 0; i < 10; i++)
        expect((await accept(guessed, `${unique()}@example.com`)).json().message).toBe(
          'This invitation was sent to a different email address.',
        );
      const eleventh = await accept(guessed, `${unique()}@example.com`);
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json().message).toBe('Too many attempts with this invitation. Please try again later.');
    } finally {
      await office.close();
    }
  });

  test('colleagues opening their verification links from one office address are not held by the registration limit; one link gets ten tries', async () => {
    const office = await testApp({ REGISTRATIONS_PER_ADDRESS: '1' });
    try {
      const owner = await registerCompany(office.app, { premium: true });
      const address = ip();
      const verify = (token: string) =>
        office.app.inject({
          method: 'POST',
          url: '/api/auth/verify-email',
          remoteAddress: address,
          payload: { token },
        });
      const colleagues = [`${unique()}@example.com`, `${unique()}@example.com`];
      for (const email of colleagues) {
        const invitation = await office.app.inject({
          method: 'POST',
          url: '/api/invitations',
          headers: bearer(owner.token),
          payload: { email, roles: ['Storekeeper'] },
        });
        const accepted = await office.app.inject({
          method: 'POST',
          url: '/api/auth/register-with-invitation',
          remoteAddress: address,
          payload: {
            invitationId: invitation.json().id,
            userName: unique(),
            email,
            firstName: 'J',
            lastName: 'K',
            password: PASSWORD,
          },
        });
        expect(accepted.statusCode).toBe(200);
      }
      for (const email of colleagues) {
        const opened = await verify(await verificationToken(office.app, email));
        expect(opened.statusCode).toBe(200);
      }
      // A link is still bounded: one account's link gets ten tries an hour (the open above was the first).
      const [userId] = (await verificationToken(office.app, colleagues[0]!)).split('.');
      const codes = [];
      for (let i = 0; i < 10; i++) codes.push((await verify(`${userId}.${'x'.repeat(43)}`)).statusCode);
      expect(codes).toEqual([...Array<number>(9).fill(400), 429]);
    } finally {
      await office.close();
    }
  });

  test('revoked and expired invitations are refused with clear messages', async () => {
    const owner = await registerCompany(ctx.app);
    const mk = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/invitations',
          headers: bearer(owner.token),
          payload: { email: `${unique()}@example.com`, roles: ['Storekeeper'] },
        })
      ).json().id;
    const revokedId = await mk();
    const rev = await ctx.app.inject({
      method: 'POST',
      url: `/api/invitations/${revokedId}/revoke`,
      headers: bearer(owner.token),
    });
    expect(rev.json().status).toBe('revoked');
    const expiredId = await mk();
    await ctx.db.query(`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expiredId]);
    for (const [id, text] of [
      [revokedId, /revoked/],
      [expiredId, /expired/],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register-with-invitation',
        remoteAddress: ip(),
        payload: {
          invitationId: id,
          userName: unique(),
          email: 'j@example.com',
          firstName: 'J',
          lastName: 'K',
          password: PASSWORD,
        },
      });
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toMatch(text);
    }
    const unknown = await ctx.app.inject({ url: `/api/auth/validate-invitation/00000000-0000-4000-8000-00000000dead` });
    expect(unknown.json().valid).toBe(false);
  });

  test('only a Company Owner or Admin may invite; an unknown role is 400', async () => {
    const owner = await registerCompany(ctx.app);
    const keeper = await addUser(ctx.app, owner, ['Storekeeper']);
    const byKeeper = await ctx.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(keeper.token),
      payload: { email: `${unique()}@x.io`, roles: ['Storekeeper'] },
    });
    expect(byKeeper.statusCode).toBe(403);
    const badRole = await ctx.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(owner.token),
      payload: { email: `${unique()}@x.io`, roles: ['Wizard'] },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().field).toBe('roles');
  });

  test('plan limit: users + pending invitations may not pass maxUsers (Free: 3); Premium lifts it', async () => {
    const owner = await registerCompany(ctx.app);
    const invite = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/invitations',
        headers: bearer(owner.token),
        payload: { email: `${unique()}@x.io`, roles: ['Storekeeper'] },
      });
    expect((await invite()).statusCode).toBe(201);
    expect((await invite()).statusCode).toBe(201);
    const over = await invite();
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe('PLAN_LIMIT_USERS');
    const limit = await ctx.app.inject({ url: '/api/users/limit', headers: bearer(owner.token) });
    expect(limit.json()).toEqual({ used: 3, max: 3, planName: 'Free Plan' });
    await activatePremium(ctx.db, owner.companyId, 'year', new Date(Date.now() + 365 * 86_400_000));
    expect((await invite()).statusCode).toBe(201);
    const sub = await ctx.app.inject({ url: '/api/subscription/current', headers: bearer(owner.token) });
    expect(sub.json()).toMatchObject({
      status: 0,
      billingInterval: 'year',
      plan: { planType: 1, planName: 'Premium Plan' },
    });
  });
});

describe('development mail outbox', () => {
  test('a browser gets it as a page with clickable links and every value escaped; a script gets JSON', async () => {
    const to = `${unique()}@example.com`;
    await ctx.db.query(`INSERT INTO mail_outbox (to_address, subject, body) VALUES ($1, $2, $3)`, [
      to,
      'Verify <b>now</b>',
      'Open https://stockwise.test/verify-email?token=a1&x=2 to finish. <script>alert(1)</script>',
    ]);
    const page = await ctx.app.inject({
      url: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<h2>Verify &lt;b&gt;now&lt;/b&gt;</h2>');
    expect(page.body).toContain(
      '<a href="https://stockwise.test/verify-email?token=a1&amp;x=2">https://stockwise.test/verify-email?token=a1&amp;x=2</a>',
    );
    expect(page.body).not.toContain('<script>');
    const json = await ctx.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
    expect(json.json()).toEqual([expect.objectContaining({ to, subject: 'Verify <b>now</b>' })]);
  });
});

describe('company', () => {
  test('owner reads and updates the company; a Storekeeper may read but not write', async () => {
    const owner = await registerCompany(ctx.app);
    const keeper = await addUser(ctx.app, owner, ['Storekeeper']);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/company/${owner.companyId}`,
      headers: bearer(owner.token),
      payload: { companyName: 'Renamed', logoPath: `${owner.companyId}/logo.png`, phone: '99' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ companyName: 'Renamed', logoPath: `${owner.companyId}/logo.png`, phone: '99' });
    const read = await ctx.app.inject({ url: '/api/company', headers: bearer(keeper.token) });
    expect(read.json().companyName).toBe('Renamed');
    const denied = await ctx.app.inject({
      method: 'PUT',
      url: `/api/company/${owner.companyId}`,
      headers: bearer(keeper.token),
      payload: { companyName: 'Mine now' },
    });
    expect(denied.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ url: `/api/company/${owner.companyId}`, headers: bearer(owner.token) })).json()
        .companyName,
    ).toBe('Renamed');
  });
});

describe('public catalogue and contact', () => {
  test('plans and add-ons', async () => {
    const plans = (await ctx.app.inject({ url: '/api/subscription/plans' })).json();
    expect(plans.map((p: { planName: string; planType: number }) => [p.planName, p.planType])).toEqual([
      ['Free Plan', 0],
      ['Premium Plan', 1],
    ]);
    const premium = plans[1];
    expect(premium).toMatchObject({
      monthlyPrice: 29,
      yearlyPrice: 290,
      stripePriceId: expect.any(String),
      stripeYearlyPriceId: expect.any(String),
    });
    const addons = (await ctx.app.inject({ url: '/api/subscription/addons' })).json();
    expect(addons[0]).toEqual({
      addonId: expect.any(String),
      addonName: expect.any(String),
      type: expect.any(String),
      price: expect.any(Number),
      billingPeriod: 'month',
      stripePriceId: expect.any(String),
      units: expect.any(Number),
    });
  });

  test('contact stores the message and rate-limits per address', async () => {
    const payload = { name: 'Pat', email: 'pat@example.com', subject: 'Hi', message: 'Hello there' };
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const first = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });
    expect(first.statusCode).toBe(201);
    const rows = await ctx.db.query(`SELECT name, message FROM contact_messages WHERE id = $1`, [first.json().id]);
    expect(rows).toEqual([{ name: 'Pat', message: 'Hello there' }]);
    for (let i = 0; i < 4; i++)
      await ctx.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });
    const limited = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
  });
});

describe('text the database cannot store', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await testApp();
  });
  afterAll(() => ctx.close());

  test('a NUL character in any field is refused with 400 naming the field, and nothing is written', async () => {
    const before = await ctx.db.query(`SELECT count(*)::int AS n FROM contact_messages`);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada\u0000', email: 'ada@example.com', message: 'Hello there, a question.' },
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'name' });
    const after = await ctx.db.query(`SELECT count(*)::int AS n FROM contact_messages`);
    expect(after).toEqual(before);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: 'ada', password: 'pass\u0000word' },
      remoteAddress: ip(),
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ field: 'password' });
  });
});
