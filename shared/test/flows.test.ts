import { AppError } from '../src/api/errors';
import { setSessionLostHandler } from '../src/api/client';
import * as auth from '../src/auth/flows';
import { AUTH_MESSAGES } from '../src/auth/messages';
import { session } from '../src/auth/session-store';
import { events } from '../src/events/bus';
import { mockApi } from './mock-api';
import { makeToken } from './token';

// The page's supabase-js client is exercised in session-sync.test.ts; here, what the flows hand it.
const adoptSession = jest.fn(async (_session: unknown) => undefined);
const signOut = jest.fn(async () => undefined);
jest.mock('../src/auth/hosted-client', () => ({
  adoptSession: (session: unknown) => adoptSession(session),
  signOutEverywhere: async (clearEntries: () => void) => {
    clearEntries();
    await signOut();
  },
}));

const token = makeToken({ role: 'Company Owner' });
const user = {
  userName: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  roles: ['Company Owner'],
};
const freeSub = {
  status: 0,
  plan: {
    planId: 'p',
    planName: 'Free Plan',
    planType: 0,
    monthlyPrice: 0,
    yearlyPrice: 0,
    maxUsers: 3,
    maxLocations: 1,
    stripePriceId: null,
    stripeYearlyPriceId: null,
  },
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let profileUpdated: jest.Mock;
let offProfile: () => void;
beforeEach(() => {
  localStorage.clear();
  session.reload();
  profileUpdated = jest.fn();
  offProfile = events.on('profile-updated', profileUpdated);
  setSessionLostHandler(jest.fn());
});
afterEach(() => offProfile());

describe('login (spec §§4, 5, 8)', () => {
  const hosted = {
    access_token: token,
    refresh_token: 'r1',
    expires_in: 3600,
    expires_at: 2_000_000_000,
    token_type: 'bearer' as const,
  };

  it('hands the session behind the token to the page’s supabase-js client, which refreshes it from then on', async () => {
    adoptSession.mockClear();
    mockApi((c) =>
      c.url === '/api/auth/login'
        ? { status: 200, data: { token, user, session: hosted } }
        : { status: 200, data: freeSub },
    );
    await auth.login({ userName: 'ada', password: 'pw' });
    expect(adoptSession).toHaveBeenCalledWith(hosted);
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('writes the token entry (which sends the page to the workspace) only once supabase-js holds the session', async () => {
    let tokenWhileAdopting: string | null = 'unread';
    adoptSession.mockImplementationOnce(async () => {
      tokenWhileAdopting = localStorage.getItem('token');
    });
    mockApi((c) =>
      c.url === '/api/auth/login'
        ? { status: 200, data: { token, user, session: hosted } }
        : { status: 200, data: freeSub },
    );
    await auth.login({ userName: 'ada', password: 'pw' });
    expect(tokenWhileAdopting).toBeNull();
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('fails with the login message, and stores nothing, when supabase-js cannot take the session over', async () => {
    adoptSession.mockRejectedValueOnce(new Error('offline'));
    mockApi(() => ({ status: 200, data: { token, user, session: hosted } }));
    await expect(auth.login({ userName: 'ada', password: 'pw' })).rejects.toThrow(AUTH_MESSAGES.loginError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('stores token and user, announces profile-updated and loads the subscription in the background', async () => {
    const calls = mockApi((c) =>
      c.url === '/api/auth/login' ? { status: 200, data: { token, user } } : { status: 200, data: freeSub },
    );
    await auth.login({ userName: 'ada', password: 'pw' });
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ userName: 'ada' });
    expect(profileUpdated).toHaveBeenCalledTimes(1);
    await flush();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/login', '/api/subscription/current']);
    expect(calls[0]!.body).toEqual({ userName: 'ada', password: 'pw' });
    expect(JSON.parse(localStorage.getItem('subscription')!)).toEqual(freeSub);
  });

  it('ignores a failure of the background subscription load', async () => {
    mockApi((c) => (c.url === '/api/auth/login' ? { status: 200, data: { token, user } } : { status: 500, data: {} }));
    await expect(auth.login({ userName: 'ada', password: 'pw' })).resolves.toMatchObject({ token });
    await flush();
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('subscription')).toBeNull();
  });

  it("fails with 'Login failed. Please check your credentials.' when the answer has no token", async () => {
    mockApi(() => ({ status: 200, data: { user } }));
    await expect(auth.login({ userName: 'ada', password: 'pw' })).rejects.toThrow(
      'Login failed. Please check your credentials.',
    );
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('surfaces the server message with verificationToken and status', async () => {
    mockApi(() => ({ status: 403, data: { message: 'Please verify your email.', verificationToken: 'vt-1' } }));
    const error = (await auth.login({ userName: 'ada', password: 'pw' }).catch((e) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ message: 'Please verify your email.', verificationToken: 'vt-1', status: 403 });
  });

  it('surfaces a plain string body', async () => {
    mockApi(() => ({ status: 400, data: 'Account locked' }));
    await expect(auth.login({ userName: 'ada', password: 'pw' })).rejects.toThrow('Account locked');
  });

  it('falls back to the generic login message', async () => {
    mockApi(() => new Error('socket hang up'));
    await expect(auth.login({ userName: 'ada', password: 'pw' })).rejects.toThrow(
      'An error occurred during login. Please try again.',
    );
  });

  it('a 401 from login does not end a session or redirect', async () => {
    const lost = jest.fn();
    setSessionLostHandler(lost);
    session.setToken('existing');
    mockApi(() => ({ status: 401, data: { message: 'Invalid user name or password.' } }));
    await expect(auth.login({ userName: 'ada', password: 'bad' })).rejects.toThrow('Invalid user name or password.');
    expect(lost).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('existing');
  });
});

describe('third-party sign-in (spec §§3-5, 8)', () => {
  it('stores the token and a user holding only userName; the plain variant loads no subscription', async () => {
    const calls = mockApi(() => ({ status: 200, data: { token, user } }));
    await auth.thirdPartyLogin('id-token');
    await flush();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/google-login']);
    expect(calls[0]!.body).toEqual({ idToken: 'id-token' });
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ userName: 'ada' });
  });

  it('keeps the profile a sync read while supabase-js was taking the session over', async () => {
    const hostedSession = { access_token: token, refresh_token: 'r', expires_in: 3600, token_type: 'bearer' };
    adoptSession.mockImplementationOnce(async () => {
      session.setUser({ userName: 'ada', firstName: 'Ada', lastName: 'Owner' });
    });
    mockApi(() => ({ status: 200, data: { token, user, session: hostedSession } }));
    await auth.thirdPartyLogin('id-token');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ userName: 'ada', firstName: 'Ada', lastName: 'Owner' });
  });

  it("defaults the cached userName to 'Google User'", async () => {
    mockApi(() => ({ status: 200, data: { token } }));
    await auth.thirdPartyLogin('id-token');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ userName: 'Google User' });
  });

  it('the invitation variant posts the invitation and loads the subscription', async () => {
    const calls = mockApi((c) =>
      c.url?.includes('google') ? { status: 200, data: { token, user } } : { status: 200, data: freeSub },
    );
    await auth.thirdPartyLoginWithInvitation('id-token', 'inv-1');
    await flush();
    expect(calls[0]).toMatchObject({
      url: '/api/auth/google-login-with-invitation',
      body: { idToken: 'id-token', invitationId: 'inv-1' },
    });
    expect(calls[1]?.url).toBe('/api/subscription/current');
  });

  it('says "<provider> login failed" when no token comes back, and the "with invitation" variant', async () => {
    mockApi(() => ({ status: 200, data: {} }));
    await expect(auth.thirdPartyLogin('x')).rejects.toThrow('Google login failed. Please try again.');
    await expect(auth.thirdPartyLoginWithInvitation('x', 'i')).rejects.toThrow(
      'Google login with invitation failed. Please try again.',
    );
  });

  it('falls back to "An error occurred during <provider> login…" without a server message', async () => {
    mockApi(() => new Error('offline'));
    await expect(auth.thirdPartyLogin('x')).rejects.toThrow('An error occurred during Google login. Please try again.');
    await expect(auth.thirdPartyLoginWithInvitation('x', 'i')).rejects.toThrow(
      'An error occurred during Google login with invitation. Please try again.',
    );
  });

  it('keeps the server code so the screen can offer company registration', async () => {
    mockApi(() => ({
      status: 404,
      data: { message: 'No Stockwise account uses this Google account yet.', code: 'ACCOUNT_NOT_FOUND' },
    }));
    await expect(auth.thirdPartyLogin('x')).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND', status: 404 });
  });
});

describe('Google nonce, connecting Google, email verification', () => {
  it('a failed Google sign-in (401) keeps the page: the server message, no sign-out', async () => {
    const lost = jest.fn();
    setSessionLostHandler(lost);
    mockApi(() => ({ status: 401, data: { message: 'This Google sign-in could not be verified.' } }));
    await expect(auth.thirdPartyLogin('x')).rejects.toThrow('This Google sign-in could not be verified.');
    await expect(auth.thirdPartyLoginWithInvitation('x', 'i')).rejects.toThrow(
      'This Google sign-in could not be verified.',
    );
    expect(lost).not.toHaveBeenCalled();
  });

  it('asks the API for a one-time nonce', async () => {
    const calls = mockApi(() => ({ status: 200, data: { nonce: 'n-1' } }));
    await expect(auth.googleNonce()).resolves.toBe('n-1');
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/google-nonce' });
    mockApi(() => ({ status: 429, data: { message: 'Too many sign-in attempts. Try again in a minute.' } }));
    await expect(auth.googleNonce()).rejects.toThrow('Too many sign-in attempts. Try again in a minute.');
    mockApi(() => ({ status: 200, data: {} }));
    await expect(auth.googleNonce()).rejects.toThrow('An error occurred during Google login. Please try again.');
  });

  it('connecting Google posts the ID token with the bearer, caches the answer and announces it', async () => {
    session.setToken(token);
    session.setUser(user);
    const calls = mockApi(() => ({ status: 200, data: { ...user, googleConnected: true, pendingEmail: null } }));
    await expect(auth.connectGoogle('id-token')).resolves.toMatchObject({ googleConnected: true });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/connect-google',
      body: { idToken: 'id-token' },
      auth: `Bearer ${token}`,
    });
    expect(session.get().user).toMatchObject({ userName: 'ada', googleConnected: true });
    expect(profileUpdated).toHaveBeenCalledTimes(1);
  });

  it('verifies an email with the mailed token, and resends with the verificationToken of a refused sign-in', async () => {
    const calls = mockApi((c) =>
      c.url === '/api/auth/verify-email'
        ? { status: 200, data: { message: 'Your email is verified. You can sign in now.' } }
        : { status: 200, data: { message: 'We sent a new link to a@b.co.' } },
    );
    await expect(auth.verifyEmail('mail-token')).resolves.toBe('Your email is verified. You can sign in now.');
    await expect(auth.resendVerification('vt-1')).resolves.toBe('We sent a new link to a@b.co.');
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/auth/verify-email', { token: 'mail-token' }],
      ['/api/auth/resend-verification', { verificationToken: 'vt-1' }],
    ]);
  });

  it('a login refused until the email is verified carries the code and the verificationToken', async () => {
    mockApi(() => ({
      status: 403,
      data: { message: 'Verify your email first.', code: 'EMAIL_NOT_VERIFIED', verificationToken: 'vt-9' },
    }));
    await expect(auth.login({ userName: 'ada', password: 'pw' })).rejects.toMatchObject({
      message: 'Verify your email first.',
      code: auth.EMAIL_NOT_VERIFIED,
      verificationToken: 'vt-9',
    });
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('registration, invitations, password reset', () => {
  it('a registration that returns a token stores it and loads the subscription', async () => {
    const calls = mockApi((c) =>
      c.url === '/api/auth/company-with-admin'
        ? { status: 200, data: { token, user, message: 'ok' } }
        : { status: 200, data: freeSub },
    );
    await auth.registerCompanyWithAdmin({
      companyName: 'Acme',
      userName: 'ada',
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'L',
      password: 'pw12345678',
      phone: '',
      industry: '',
      withGoogle: false,
    });
    expect(localStorage.getItem('token')).toBe(token);
    expect(calls[0]!.body).toMatchObject({ companyName: 'Acme', withGoogle: false });
    expect(calls[1]?.url).toBe('/api/subscription/current');
  });

  it('a registration that must verify its email stores no session and passes the server message on', async () => {
    const answer = {
      message: 'We sent a link to a@b.co. Open it to verify your email, then sign in.',
      verificationRequired: true,
      email: 'a@b.co',
    };
    const calls = mockApi(() => ({ status: 201, data: answer }));
    const company = {
      companyName: 'Acme',
      userName: 'ada',
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'L',
      password: 'pw12345678',
      phone: '',
      industry: '',
    };
    await expect(auth.registerCompanyWithAdmin(company)).resolves.toMatchObject(answer);
    await expect(
      auth.registerWithInvitation({
        invitationId: 'i',
        firstName: 'A',
        lastName: 'L',
        userName: 'ada',
        email: 'a@b.co',
        password: 'pw',
      }),
    ).resolves.toMatchObject({ verificationRequired: true });
    await expect(
      auth.register({ firstName: 'A', lastName: 'L', userName: 'ada', email: 'a@b.co', password: 'pw12345678' }),
    ).resolves.toMatchObject({ verificationRequired: true });
    await flush();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/auth/company-with-admin',
      '/api/auth/register-with-invitation',
      '/api/auth/register',
    ]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(profileUpdated).not.toHaveBeenCalled();
  });

  it('company-with-admin errors are passed on, and its 401 does not end the session', async () => {
    const lost = jest.fn();
    setSessionLostHandler(lost);
    mockApi(() => ({ status: 401, data: { message: 'Google sign-in failed' } }));
    await expect(
      auth.registerCompanyWithAdmin({
        companyName: 'A',
        userName: 'ada',
        email: 'a@b.co',
        firstName: 'A',
        lastName: 'L',
        phone: '',
        industry: '',
        withGoogle: true,
        idToken: 'x',
      }),
    ).rejects.toMatchObject({ response: { status: 401 } });
    expect(lost).not.toHaveBeenCalled();
  });

  it('an invalid invitation gives valid false with the server message, or the fallback', async () => {
    mockApi(() => ({ status: 200, data: { valid: false, message: 'This invitation has expired.' } }));
    await expect(auth.validateInvitation('abc')).resolves.toEqual({
      valid: false,
      message: 'This invitation has expired.',
    });
    mockApi(() => ({ status: 404, data: { message: 'This invitation does not exist.' } }));
    await expect(auth.validateInvitation('abc')).resolves.toEqual({
      valid: false,
      message: 'This invitation does not exist.',
    });
    mockApi(() => new Error('offline'));
    await expect(auth.validateInvitation('abc')).resolves.toEqual({
      valid: false,
      message: 'Failed to validate invitation',
    });
  });

  it('password-reset failures fall back to the Turkish messages', async () => {
    mockApi(() => new Error('offline'));
    await expect(auth.forgotPassword('a@b.co')).rejects.toThrow(AUTH_MESSAGES.forgotPasswordFailed);
    await expect(auth.validateResetToken('a@b.co', 't')).rejects.toThrow(AUTH_MESSAGES.resetLinkInvalid);
    await expect(
      auth.resetPassword({ email: 'a@b.co', token: 't', newPassword: 'x', confirmPassword: 'y' }),
    ).rejects.toThrow(AUTH_MESSAGES.resetPasswordFailed);
    expect(AUTH_MESSAGES.resetLinkInvalid).toMatch(/geçersiz/);
  });

  it("a link the server refuses shows the server's own message; the Turkish one only when it gives none", async () => {
    const refused = {
      status: 400,
      data: { message: 'This password reset link is invalid or has expired.', code: 'RESET_TOKEN_INVALID' },
    };
    mockApi(() => refused);
    await expect(auth.validateResetToken('a@b.co', 't')).rejects.toMatchObject({
      message: 'This password reset link is invalid or has expired.',
      code: 'RESET_TOKEN_INVALID',
      status: 400,
    });
    await expect(
      auth.resetPassword({ email: 'a@b.co', token: 't', newPassword: 'long enough', confirmPassword: 'long enough' }),
    ).rejects.toThrow('This password reset link is invalid or has expired.');
    // The server refuses without words: spec §8's Turkish fallback.
    mockApi(() => ({ status: 400, data: {} }));
    await expect(auth.validateResetToken('a@b.co', 't')).rejects.toMatchObject({
      message: AUTH_MESSAGES.resetLinkInvalid,
      status: 400,
    });
    mockApi(() => ({ status: 400, data: { message: 'The passwords do not match.', code: 'PASSWORD_MISMATCH' } }));
    await expect(
      auth.resetPassword({ email: 'a@b.co', token: 't', newPassword: 'one', confirmPassword: 'two' }),
    ).rejects.toThrow('The passwords do not match.');
  });

  it('reset sends both passwords without checking that they match', async () => {
    const calls = mockApi(() => ({ status: 200, data: { message: 'done' } }));
    await auth.resetPassword({ email: 'a@b.co', token: 't', newPassword: 'one', confirmPassword: 'two' });
    expect(calls[0]!.body).toEqual({ email: 'a@b.co', token: 't', newPassword: 'one', confirmPassword: 'two' });
  });
});

describe('profile and logout (spec §4)', () => {
  it('a user update refreshes the cached user and announces it', async () => {
    session.setToken(token);
    session.setUser(user);
    mockApi(() => ({ status: 200, data: { ...user, firstName: 'Augusta' } }));
    await auth.updateUser({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      userName: 'ada',
      email: 'ada@example.com',
      profilePictureUrl: null,
    });
    expect(JSON.parse(localStorage.getItem('user')!).firstName).toBe('Augusta');
    expect(profileUpdated).toHaveBeenCalledTimes(1);
  });

  it("profile fetch and update fall back to 'Error retrieving/updating user information'", async () => {
    mockApi(() => new Error('offline'));
    await expect(auth.getUser()).rejects.toThrow('Error retrieving user information');
    await expect(
      auth.updateUser({ firstName: 'a', lastName: 'b', userName: 'abc', email: 'a@b.co', profilePictureUrl: null }),
    ).rejects.toThrow('Error updating user information');
  });

  it('profile sync is skipped when signed out', async () => {
    const calls = mockApi(() => ({ status: 200, data: user }));
    await expect(auth.syncProfile()).resolves.toBe('skipped');
    expect(calls).toHaveLength(0);
    expect(profileUpdated).not.toHaveBeenCalled();
  });

  it('profile sync refreshes the cached user, and on failure keeps it and still emits profile-updated', async () => {
    session.setToken(token);
    session.setUser({ userName: 'Google User' });
    mockApi(() => ({ status: 200, data: user }));
    await expect(auth.syncProfile()).resolves.toBe('synced');
    expect(session.get().user).toMatchObject({ firstName: 'Ada' });
    mockApi(() => ({ status: 500, data: {} }));
    await expect(auth.syncProfile()).resolves.toBe('cached');
    expect(session.get().user).toMatchObject({ firstName: 'Ada' });
    expect(profileUpdated).toHaveBeenCalledTimes(2);
  });

  it('logout removes token, user and subscription at once, and signs out through the auth service', async () => {
    session.setToken(token);
    session.setUser(user);
    session.setSubscription(freeSub);
    signOut.mockClear();
    const done = auth.logout();
    expect(['token', 'user', 'subscription'].map((k) => localStorage.getItem(k))).toEqual([null, null, null]);
    await done;
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('the subscription service rethrows, the auth service returns null', async () => {
    mockApi(() => ({ status: 500, data: {} }));
    await expect(auth.fetchCurrentSubscription()).rejects.toBeTruthy();
    await expect(auth.loadSubscription()).resolves.toBeNull();
  });
});

describe('third-party providers (GET /api/auth/providers)', () => {
  it('answers what the API trusts: the embedded provider, or Google', async () => {
    const embedded = { google: null, oidc: { issuer: 'http://localhost:8080/oidc', clientId: 'stockwise-local' } };
    const calls = mockApi(() => ({ status: 200, data: embedded }));
    await expect(auth.loadAuthProviders()).resolves.toEqual(embedded);
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/auth/providers' });
    mockApi(() => ({ status: 200, data: { google: { clientId: 'x.apps.googleusercontent.com' }, oidc: null } }));
    await expect(auth.loadAuthProviders()).resolves.toEqual({
      google: { clientId: 'x.apps.googleusercontent.com' },
      oidc: null,
    });
  });

  it('assumes nothing when the API cannot say: the third-party fallback message', async () => {
    mockApi(() => new Error('offline'));
    await expect(auth.loadAuthProviders()).rejects.toThrow(AUTH_MESSAGES.providerLoginError('Google'));
    mockApi(() => ({ status: 404, data: '' }));
    await expect(auth.loadAuthProviders()).rejects.toThrow(AUTH_MESSAGES.providerLoginError('Google'));
  });
});
