import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage } from '../src/ui/lazy-page';
import { preloadScreen, type Screen } from '../src/ui/screens';

const Welcome = () => <h1>Welcome</h1>;

describe('lazyPage', () => {
  it('suspends on first render when nobody fetched it', async () => {
    const Page = lazyPage(async () => Welcome);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('renders at once, without a fallback, once preloaded (what hydration of a prerendered page needs)', async () => {
    const load = jest.fn(async () => Welcome);
    const Page = lazyPage(load);
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the mounted page when its chunk arrives later (no remount, state kept)', async () => {
    let resolve!: (component: typeof Welcome) => void;
    const Page = lazyPage(() => new Promise<typeof Welcome>((r) => (resolve = r)));
    const { rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    await act(async () => resolve(Welcome));
    const heading = screen.getByRole('heading', { name: 'Welcome' });
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBe(heading);
  });

  it('asks again after a failed preload', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Welcome);
    const Page = lazyPage(load, { retries: 0 });
    await expect(Page.preload()).rejects.toThrow('offline');
    await expect(Page.preload()).resolves.toBe(Welcome);
  });
});

describe('preloadScreen', () => {
  it('fetches only the chunk of the screen at the path (from the site root)', async () => {
    const login = jest.fn(async () => Welcome);
    const other = jest.fn(async () => Welcome);
    const screens: Screen[] = [
      { path: 'login', title: 'login', page: lazyPage(login) },
      { path: 'register', title: 'register', page: lazyPage(other) },
      { path: 'coming', title: 'coming' },
    ];
    await preloadScreen(screens, '/login/');
    await preloadScreen(screens, '/coming');
    await preloadScreen(screens, '/nowhere');
    expect(login).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });
});
