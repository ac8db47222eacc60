import { session } from '../src/auth/session-store';
import { pathFromUrl, removeFiles, storageTarget, uploadItemImage, uploadProfilePicture } from '../src/storage/storage';
import { mockApi } from './mock-api';

// The real client is exercised against the API's stand-in in e2e/tests/profile.spec.ts; here
// only which service it is pointed at, and with what credentials.
const createClient = jest.fn();
jest.mock('@supabase/supabase-js', () => ({ createClient: (...args: unknown[]) => createClient(...args) }));

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  createClient.mockReset();
});

describe('storage target (build-time STOCKWISE_SUPABASE_URL / STOCKWISE_SUPABASE_ANON_KEY)', () => {
  it('is the same-origin stand-in when the build names no hosted project', () => {
    delete process.env.STOCKWISE_SUPABASE_URL;
    delete process.env.STOCKWISE_SUPABASE_ANON_KEY;
    expect(storageTarget()).toEqual({ url: window.location.origin, key: expect.any(String), hosted: false });
  });

  it('is hosted Supabase when both are set, and needs both', () => {
    process.env.STOCKWISE_SUPABASE_URL = 'https://abcd.supabase.co/';
    expect(storageTarget().hosted).toBe(false);
    process.env.STOCKWISE_SUPABASE_ANON_KEY = 'anon-key';
    expect(storageTarget()).toEqual({ url: 'https://abcd.supabase.co', key: 'anon-key', hosted: true });
  });

  it('uploads through supabase-js with the hosted project and the app token as bearer', async () => {
    process.env.STOCKWISE_SUPABASE_URL = 'https://abcd.supabase.co';
    process.env.STOCKWISE_SUPABASE_ANON_KEY = 'anon-key';
    session.setToken('app-token');
    const upload = jest.fn().mockResolvedValue({ data: { path: 'c1/profile-pictures/u1/7.png' }, error: null });
    const getPublicUrl = jest.fn().mockReturnValue({ data: { publicUrl: 'https://abcd.supabase.co/x.png' } });
    createClient.mockReturnValue({ storage: { from: () => ({ upload, getPublicUrl }) } });

    const result = await uploadProfilePicture(new File(['x'], 'me.PNG', { type: 'image/png' }), 'c1', 'u1');
    expect(result).toEqual({ publicUrl: 'https://abcd.supabase.co/x.png', path: 'c1/profile-pictures/u1/7.png' });
    const [url, key, options] = createClient.mock.calls[0] as [string, string, { accessToken(): Promise<string> }];
    expect([url, key]).toEqual(['https://abcd.supabase.co', 'anon-key']);
    await expect(options.accessToken()).resolves.toBe('app-token');
    expect(upload.mock.calls[0][0]).toMatch(/^c1\/profile-pictures\/u1\/\d+\.png$/);
  });
});

// The page's one client (auth/hosted-client.ts) is made once: each test names what its storage does.
let storageFrom: (bucket: string) => unknown = () => ({});
const useStorage = (from: (bucket: string) => unknown) => {
  storageFrom = from;
};
const pageClient = {
  auth: {
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
    signOut: async () => ({ error: null }),
    getSession: async () => ({ data: { session: null }, error: null }),
  },
  storage: { from: (bucket: string) => storageFrom(bucket) },
};
let calls: ReturnType<typeof mockApi> = [];
const environmentCalls = () => calls.filter((c) => c.url === '/api/environment').length;
beforeAll(() => {
  calls = mockApi(() => ({
    status: 200,
    data: {
      mode: 'development',
      standIns: { signIn: true, payments: true, mail: true, demoData: false },
      mail: true,
      payments: true,
      paymentProvider: 'local',
      auth: { url: 'http://localhost:8080', key: 'sb_publishable_test' },
    },
  }));
});
beforeEach(() => createClient.mockReturnValue(pageClient));

describe('item images (spec §§3 and 7)', () => {
  it('the stand-in on this origin is reached through the page’s one supabase-js client, made from /api/environment', async () => {
    const from = jest.fn(() => ({
      upload: jest.fn().mockResolvedValue({ data: { path: 'c1/items/1.png' }, error: null }),
      getPublicUrl: () => ({ data: { publicUrl: 'http://localhost/1.png' } }),
    }));
    useStorage(from);
    await uploadItemImage(new File(['x'], 'a.png', { type: 'image/png' }), 'c1');
    await removeFiles('ItemImages', ['c1/items/1.png']).catch(() => undefined);
    // One client for the page: its auth owns the session, its storage carries that session's token.
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(createClient.mock.calls[0]!.slice(0, 2)).toEqual(['http://localhost:8080', 'sb_publishable_test']);
    expect(createClient.mock.calls[0]![2]).toMatchObject({
      auth: { storageKey: 'localhost-auth-token', autoRefreshToken: true, persistSession: true },
    });
    expect(environmentCalls()).toBe(1);
  });

  it('uploads under the company’s items folder of ItemImages as a random number plus the extension', async () => {
    const upload = jest.fn().mockResolvedValue({ data: { path: 'c1/items/42.jpg' }, error: null });
    const getPublicUrl = jest.fn().mockReturnValue({ data: { publicUrl: 'http://localhost/x.jpg' } });
    const from = jest.fn(() => ({ upload, getPublicUrl }));
    useStorage(from);
    await expect(uploadItemImage(new File(['x'], 'Front.JPG', { type: 'image/jpeg' }), 'c1')).resolves.toEqual({
      publicUrl: 'http://localhost/x.jpg',
      path: 'c1/items/42.jpg',
    });
    expect(from).toHaveBeenCalledWith('ItemImages');
    expect(upload.mock.calls[0][0]).toMatch(/^c1\/items\/\d+\.jpg$/);
  });

  it('names a file by a number from the browser’s CSPRNG: Math.random’s guessable sequence plays no part', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const upload = jest.fn(async (path: string) => ({ data: { path }, error: null }));
    const getPublicUrl = jest.fn().mockReturnValue({ data: { publicUrl: 'http://localhost/x.jpg' } });
    useStorage(() => ({ upload, getPublicUrl }));
    const paths = [];
    for (let i = 0; i < 2; i++)
      paths.push((await uploadItemImage(new File(['x'], 'a.jpg', { type: 'image/jpeg' }), 'c1')).path);
    expect(paths[0]).toMatch(/^c1\/items\/\d+\.jpg$/);
    expect(paths[1]).not.toBe(paths[0]);
    jest.restoreAllMocks();
  });

  it('removes by the path taken from the URL’s segments after the bucket name', async () => {
    const remove = jest.fn().mockResolvedValue({ data: [], error: null });
    useStorage(() => ({ remove }));
    await removeFiles('ItemImages', [
      'https://abcd.supabase.co/storage/v1/object/public/ItemImages/c1/items/7%20a.png',
      'c1/items/8.png',
    ]);
    expect(remove).toHaveBeenCalledWith(['c1/items/7 a.png', 'c1/items/8.png']);
  });

  it('refuses an address of another bucket rather than removing the wrong object', () => {
    expect(() => pathFromUrl('ItemImages', 'https://x.test/storage/v1/object/public/company-logos/c1/1.png')).toThrow(
      /ItemImages/,
    );
  });
});
