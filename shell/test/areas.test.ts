import { areaFor } from '../src/mf/areas';

describe('which remote owns a path (spec §2)', () => {
  it.each([
    ['/', 'mfe_public', 'public-only'],
    ['/login', 'mfe_public', 'public-only'],
    ['/reset-password', 'mfe_public', 'public-only'],
    ['/documentation', 'mfe_public', 'public-only'],
    ['/contact-us', 'mfe_public', 'any'],
    ['/contact', 'mfe_public', 'auth'],
    ['/pricing', 'mfe_billing', 'any'],
    ['/premium-purchase', 'mfe_billing', 'any'],
    ['/test-subscription-limit', 'mfe_billing', 'any'],
    ['/dashboard', 'mfe_workspace', 'auth'],
    ['/my-tasks', 'mfe_workspace', 'auth'],
    ['/profile', 'mfe_workspace', 'auth'],
    ['/profile/security', 'mfe_workspace', 'auth'],
    ['/actions/rapid-sell', 'mfe_workspace', 'auth'],
    ['/item-status/item-search', 'mfe_workspace', 'auth'],
    ['/reporting/warranty-list', 'mfe_workspace', 'auth'],
    ['/customers/history', 'mfe_workspace', 'auth'],
    ['/settings/company', 'mfe_settings', 'auth'],
    ['/settings/role-claims', 'mfe_settings', 'auth'],
    // The mailed verification link and the identity provider's return serve visitors and
    // signed-in users alike (a changed email; Connect Google on /profile), without the workspace frame.
    ['/verify-email', 'mfe_public', 'any'],
    ['/auth/callback', 'mfe_public', 'any'],
  ])('%s → %s (%s)', (path, remote, guard) => {
    expect(areaFor(path)).toMatchObject({ remote, guard });
  });

  it('shows the mailed link and the sign-in return without the workspace frame', () => {
    expect(areaFor('/verify-email')?.chrome).toBe('public');
    expect(areaFor('/auth/callback')?.chrome).toBe('public');
  });

  it('ignores a trailing slash', () => {
    expect(areaFor('/login/')?.remote).toBe('mfe_public');
  });

  it('has no owner for unknown paths, so they are not found', () => {
    expect(areaFor('/nope')).toBeUndefined();
    expect(areaFor('/settingsx')).toBeUndefined();
    expect(areaFor('/login/extra')).toBeUndefined();
  });
});
