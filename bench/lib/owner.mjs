import { hostedSessionEntry } from '../../scripts/lib/hosted-session.mjs';

// A new company whose owner can sign in, for the benches that measure signed-in pages: created
// through the API, its email verified through the development outbox as the mailed link would
// (sign-in waits for verification), then signed in.
export async function signedInOwner(base) {
  const stamp = Date.now().toString(36);
  const company = {
    companyName: `Bench ${stamp}`,
    userName: `bench_${stamp}`,
    email: `bench_${stamp}@example.com`,
    firstName: 'Bench',
    lastName: 'Owner',
    password: 'bench password 1',
    phone: '1',
    industry: 'Retail',
    withGoogle: false,
  };
  const post = (path, body) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const created = await post('/api/auth/company-with-admin', company);
  if (!created.ok) throw new Error(`registration answered ${created.status}`);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mails = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(company.email)}`)).json();
    const token = mails
      .map((mail) => mail.text.match(/https?:\/\/\S+\/verify-email\?\S+/)?.[0])
      .filter(Boolean)
      .map((link) => new URL(link).searchParams.get('token'))[0];
    if (token) {
      const verified = await post('/api/auth/verify-email', { token });
      if (!verified.ok) throw new Error(`verify-email answered ${verified.status}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const session = await (
    await post('/api/auth/login', { userName: company.userName, password: company.password })
  ).json();
  if (!session.token) throw new Error(`sign-in failed: ${JSON.stringify(session)}`);
  return session;
}

/**
 * What the shell keeps in localStorage for this signed-in owner, as entries: the token and user, and
 * the hosted session behind the token where the page's supabase-js reads it (the first label of the
 * auth service's host name plus '-auth-token', with the user that service answers). Without the
 * hosted session the shell takes the token as signed out and leaves the page.
 */
export async function sessionStorageEntries(base, session) {
  const entries = [
    ['token', session.token],
    ['user', JSON.stringify(session.user)],
  ];
  if (session.session) {
    const { url, key } = (await (await fetch(`${base}/api/environment`)).json()).auth;
    const res = await fetch(`${url}/auth/v1/user`, {
      headers: { apikey: key, authorization: `Bearer ${session.token}` },
    });
    if (!res.ok) throw new Error(`GET /auth/v1/user answered ${res.status}`);
    entries.push(hostedSessionEntry(url, session.session, await res.json()));
  }
  return entries;
}

/** Writes storage entries into the page (an init script of a context, or page.evaluate). */
export const writeStorage = (entries) => {
  for (const [key, value] of entries) localStorage.setItem(key, value);
};
