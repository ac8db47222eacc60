import { call } from '../src/api/call';
import { session } from '../src/auth/session-store';
import { mockApi } from './mock-api';

describe('call: one API operation, typed by its OpenAPI method and path', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reload();
  });

  it('fills the path params (encoded), sends the query and the body, and answers the data', async () => {
    const calls = mockApi((config) =>
      config.url === '/api/items/a%2Fb%20c' ? { status: 200, data: { id: 'a/b c' } } : { status: 404 },
    );
    const item = await call('GET', '/api/items/{id}', { params: { id: 'a/b c' } });
    expect(item.id).toBe('a/b c');
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/items/a%2Fb%20c' });

    let sent: unknown;
    mockApi((config) => {
      sent = config.params;
      return { status: 200, data: { items: [], total: 0 } };
    });
    await call('GET', '/api/items', { query: { limit: 5 } });
    expect(sent).toEqual({ limit: 5 });

    const posted = mockApi(() => ({ status: 201, data: { id: 'b1', name: 'Acme', createdAt: '' } }));
    const brand = await call('POST', '/api/brands', { body: { name: 'Acme' } });
    expect(brand.name).toBe('Acme');
    expect(posted[0]).toMatchObject({ method: 'POST', url: '/api/brands', body: { name: 'Acme' } });
  });

  it('goes through the page client: the stored token travels with the call', async () => {
    session.setToken('t-1');
    const calls = mockApi(() => ({ status: 200, data: { id: 'c1' } }));
    await call('GET', '/api/company');
    expect(calls[0]).toMatchObject({ url: '/api/company', auth: 'Bearer t-1' });
  });

  it('refuses to call with a path param missing at run time', async () => {
    const calls = mockApi(() => ({ status: 200 }));
    await expect(call('GET', '/api/items/{id}', { params: { id: '' } })).rejects.toThrow('no value for {id}');
    expect(calls).toHaveLength(0);
  });

  it('makes a wrong path, method, param, query, body or answer a type error (checked by tsc)', () => {
    const never = async () => {
      // @ts-expect-error -- no such path
      await call('GET', '/api/item/{id}', { params: { id: '1' } });
      // @ts-expect-error -- the path exists, but not for this method
      await call('DELETE', '/api/items/{id}', { params: { id: '1' } });
      // @ts-expect-error -- a path param misnamed
      await call('GET', '/api/items/{id}', { params: { itemId: '1' } });
      // @ts-expect-error -- the path param left out
      await call('GET', '/api/items/{id}');
      // @ts-expect-error -- a query field the operation does not declare
      await call('GET', '/api/items', { query: { color: 'red' } });
      // @ts-expect-error -- a body of the wrong shape
      await call('POST', '/api/brands', { body: { title: 'Acme' } });
      // @ts-expect-error -- a body where the operation takes none
      await call('GET', '/api/company', { body: {} });
      const brand = await call('POST', '/api/brands', { body: { name: 'Acme' } });
      // @ts-expect-error -- the answer is a Brand, which has no price
      return brand.price;
    };
    expect(never).toBeInstanceOf(Function);
  });
});
