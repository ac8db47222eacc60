import { requestKind } from '../src/service-worker/rules';

const ORIGIN = 'https://app.example.com';
const kind = (path: string, navigate = false, origin = ORIGIN) => requestKind(new URL(path, origin), ORIGIN, navigate);

describe('what the offline worker does with a request', () => {
  it('gives a page load the network first and the shell offline, for every page of the product', () => {
    expect(kind('/actions/rapid-sell', true)).toBe('page');
    expect(kind('/actions/multi-sale?customer=1', true)).toBe('page');
    expect(kind('/login', true)).toBe('page');
  });

  it('asks again on every load for what a new deploy of a remote changes', () => {
    expect(kind('/remotes.json')).toBe('remote-entry');
    expect(kind('/remotes/workspace/mf-manifest.json')).toBe('remote-entry');
    expect(kind('/remotes/workspace/remoteEntry.js')).toBe('remote-entry');
    expect(kind('/remotes/public/prerendered/index.html')).toBe('remote-entry');
  });

  it("keeps a remote's content-hashed files once fetched", () => {
    expect(kind('/remotes/workspace/512.1a2b3c4d5e.js')).toBe('remote-chunk');
    expect(kind('/remotes/workspace/512.1a2b3c4d5e.css')).toBe('remote-chunk');
    expect(kind('/remotes/workspace/assets/zxing_reader.0a1b2c3d4e.wasm')).toBe('remote-chunk');
    expect(kind('/assets/roboto-latin-400-normal.1a2b3c4d5e.woff2')).toBe('shell-asset');
  });

  it('keeps no API answer but the environment, which is the same for everyone', () => {
    expect(kind('/api/environment')).toBe('environment');
    for (const path of ['/api/access', '/api/items?status=in_stock', '/api/sales', '/auth/v1/user', '/storage/v1/x'])
      expect(kind(path)).toBe('pass');
  });

  it('leaves sign-in returns, files and other origins to the browser', () => {
    expect(kind('/oidc/auth?client_id=x', true)).toBe('pass');
    expect(kind('/api/sales/1/receipt.pdf', true)).toBe('pass');
    expect(kind('/api/environment', true)).toBe('pass');
    expect(kind('/remotes/billing/mf-manifest.json', false, 'https://cdn.example.com')).toBe('pass');
    expect(kind('/remotes/workspace/', true)).toBe('pass');
  });
});
