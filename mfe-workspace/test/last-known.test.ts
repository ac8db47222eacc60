import { AppError } from '@stockwise/shared';
import { withLastKnown, type LastKnownStore } from '../src/offline/last-known';

// Reception opened from a page loaded offline: the lists it chooses from are the user's last-known
// ones, kept on the device under that user — never another user's, never over a refusal.

function deviceStore(): LastKnownStore {
  const kept = new Map<string, unknown>();
  return { read: async (key) => kept.get(key) as never, write: async (key, value) => void kept.set(key, value) };
}

const locations = [{ id: 'l1', name: 'Main store' }];
const unreachable = () => Promise.reject(new AppError('Network Error'));

describe('a screen’s last-known lists', () => {
  it('gives the user their last answer when the API cannot be reached', async () => {
    const store = deviceStore();
    const owner = () => 'seller-1';
    expect(await withLastKnown('locations', async () => locations, { store, owner })).toEqual(locations);
    expect(await withLastKnown('locations', unreachable, { store, owner })).toEqual(locations);
  });

  it('gives another user on the same device nothing of the first one’s', async () => {
    const store = deviceStore();
    await withLastKnown('locations', async () => locations, { store, owner: () => 'seller-1' });
    await expect(withLastKnown('locations', unreachable, { store, owner: () => 'seller-2' })).rejects.toThrow(
      'Network Error',
    );
    await expect(withLastKnown('locations', unreachable, { store, owner: () => null })).rejects.toThrow();
  });

  it('does not cover a refusal or a server with no kept answer', async () => {
    const store = deviceStore();
    const owner = () => 'seller-1';
    await withLastKnown('locations', async () => locations, { store, owner });
    const refused = () => Promise.reject(new AppError('You may not see locations.', { status: 403 }));
    await expect(withLastKnown('locations', refused, { store, owner })).rejects.toThrow('You may not see locations.');
    await expect(withLastKnown('item-types', unreachable, { store, owner })).rejects.toThrow('Network Error');
  });
});
