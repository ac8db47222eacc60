import { hasRole, ROLE_CLAIM, rolesOf, tokenExpiry } from '../src/auth/has-role';
import { makeToken } from './token';

describe('hasRole (spec §6)', () => {
  afterEach(() => localStorage.clear());

  it('finds a role in a list under the long claim name', () => {
    const token = makeToken({ [ROLE_CLAIM]: ['Admin', 'Company Owner'] });
    expect(hasRole('Company Owner', token)).toBe(true);
    expect(hasRole('Storekeeper', token)).toBe(false);
  });

  it('accepts a single value under role and Role', () => {
    expect(hasRole('Storekeeper', makeToken({ role: 'Storekeeper' }))).toBe(true);
    expect(hasRole('Admin', makeToken({ Role: 'Admin' }))).toBe(true);
    expect(hasRole('Admin', makeToken({ Role: ['Rapid Seller', 'Admin'] }))).toBe(true);
  });

  it('matches the exact name only', () => {
    const token = makeToken({ role: 'Company Owner' });
    expect(hasRole('company owner', token)).toBe(false);
    expect(hasRole('Owner', token)).toBe(false);
    expect(hasRole('Company Owner ', token)).toBe(false);
  });

  it('is false without a token and on a parse error', () => {
    expect(hasRole('Admin', null)).toBe(false);
    expect(hasRole('Admin', '')).toBe(false);
    expect(hasRole('Admin', 'not-a-jwt')).toBe(false);
    expect(hasRole('Admin', 'a.%%%.c')).toBe(false);
  });

  it('reads the stored token by default', () => {
    expect(hasRole('Admin')).toBe(false);
    localStorage.setItem('token', makeToken({ [ROLE_CLAIM]: 'Admin' }));
    expect(hasRole('Admin')).toBe(true);
  });

  it('collects roles from every claim name and ignores non-strings', () => {
    const token = makeToken({ [ROLE_CLAIM]: ['Admin', 7], role: 'Storekeeper' });
    expect(rolesOf(token)).toEqual(['Admin', 'Storekeeper']);
  });

  it('reads exp', () => {
    expect(tokenExpiry(makeToken({ exp: 1700000000 }))).toBe(1700000000);
    expect(tokenExpiry(makeToken({}))).toBeNull();
    expect(tokenExpiry('garbage')).toBeNull();
  });
});
