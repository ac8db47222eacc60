import { signedInHomeScript } from '../src/prerender/signed-in-home';
import { makeToken } from './token';

const ROLE_CLAIM = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';

/** Runs the inline script of a prerendered `/` with the stored session; where it sends the browser. */
function openLanding(token?: string): string | null {
  localStorage.clear();
  if (token !== undefined) localStorage.setItem('token', token);
  let target: string | null = null;
  const code = signedInHomeScript().replace(/^<script>|<\/script>$/g, '');
  new Function('location', code)({ replace: (url: string) => (target = url) });
  return target;
}

describe('a signed-in visitor opening / is sent to the workspace before the landing page paints', () => {
  it('sends a Company Owner to /dashboard, whichever claim name carries the role', () => {
    expect(openLanding(makeToken({ [ROLE_CLAIM]: 'Company Owner' }))).toBe('/dashboard');
    expect(openLanding(makeToken({ role: ['Storekeeper', 'Company Owner'] }))).toBe('/dashboard');
  });

  it('sends anyone else to /my-tasks', () => {
    expect(openLanding(makeToken({ Role: 'Storekeeper' }))).toBe('/my-tasks');
    expect(openLanding(makeToken({ sub: 'u1' }))).toBe('/my-tasks');
  });

  it('leaves a visitor without a session on the landing page, and an unreadable token to the app', () => {
    expect(openLanding()).toBeNull();
    expect(openLanding('not-a-token')).toBeNull();
  });
});
