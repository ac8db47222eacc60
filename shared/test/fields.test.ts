import { isEmail, isPasswordLongEnough, isUserName, resourceKey } from '../src';

describe('shared field rules', () => {
  it('a user name is 3–100 letters, digits or . _ + - and never contains @', () => {
    for (const ok of ['ada', 'ada.lovelace', 'ada_l+stock-1', 'A'.repeat(100)]) expect(isUserName(ok)).toBe(true);
    for (const bad of ['ad', 'ada@example.com', '@ada', 'ada lovelace', 'ada/l', 'çelik', 'A'.repeat(101), ''])
      expect(isUserName(bad)).toBe(false);
  });

  it('an email has one @ and a dotted domain, no spaces, at most 254 characters', () => {
    for (const ok of ['ada@example.com', ' ada+stock@mail.example.co.uk ']) expect(isEmail(ok)).toBe(true);
    for (const bad of [
      'ada',
      'ada@example',
      'ada@@example.com',
      'a da@example.com',
      `${'a'.repeat(250)}@example.com`,
      '',
    ])
      expect(isEmail(bad)).toBe(false);
  });

  it('a new password has 8 to 128 characters', () => {
    expect(isPasswordLongEnough('1234567')).toBe(false);
    expect(isPasswordLongEnough('12345678')).toBe(true);
    expect(isPasswordLongEnough('x'.repeat(129))).toBe(false);
  });
});

describe('resourceKey', () => {
  it('starts a query key with the API resource', () => {
    expect(resourceKey('company')).toEqual(['company']);
    expect(resourceKey('subscription', 'plans')).toEqual(['subscription', 'plans']);
    // @ts-expect-error -- not a resource of the API
    expect(resourceKey('brandz')).toEqual(['brandz']);
  });
});
