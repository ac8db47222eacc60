import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@stockwise/shared';
import { ChunkTimeoutError, withTimeout } from '@stockwise/shared';
import { RemoteMount } from '../src/features/remotes';
import { loadRemoteRoutes, resetRemote } from '../src/mf/remotes';

// The federation runtime fetches scripts over the network, which jsdom cannot run: this is a
// hand-written stand-in for it (the browser suite in e2e/ drives the real one).
jest.mock('../src/mf/remotes', () => ({
  loadRemoteRoutes: jest.fn(),
  resetRemote: jest.fn(),
}));
const load = loadRemoteRoutes as jest.MockedFunction<typeof loadRemoteRoutes>;

describe('RemoteMount', () => {
  beforeEach(() => {
    load.mockReset();
    (resetRemote as jest.Mock).mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the remote once it arrives', async () => {
    load.mockResolvedValue(() => <h1>Settings page</h1>);
    render(<RemoteMount key="a" name="mfe_settings" />);
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeInTheDocument();
  });

  it('shows a fallback when the remote fails, and Retry loads it again in place', async () => {
    load.mockRejectedValueOnce(new Error('remoteEntry.js 503'));
    render(<RemoteMount key="b" name="mfe_billing" />);
    expect(await screen.findByText('Billing could not be loaded')).toBeInTheDocument();

    load.mockResolvedValue(() => <h1>Pricing</h1>);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
    expect(resetRemote).toHaveBeenCalledWith('mfe_billing');
    expect(screen.queryByText('Billing could not be loaded')).not.toBeInTheDocument();
  });

  it('gives up on a chunk that never arrives and says it took too long', async () => {
    jest.useFakeTimers();
    load.mockReturnValue(new Promise(() => undefined));
    render(<RemoteMount key="c" name="mfe_workspace" timeoutMs={120_000} />);
    await act(async () => {
      jest.advanceTimersByTime(120_001);
    });
    jest.useRealTimers();
    expect(await screen.findByText(/taking too long/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
  it('speaks the page language: Turkish fallback and Retry, English again after switching back', async () => {
    load.mockRejectedValue(new Error('remoteEntry.js 503'));
    await act(async () => {
      await setLanguage('tr');
    });
    try {
      const { unmount } = render(<RemoteMount key="d" name="mfe_public" />);
      expect(await screen.findByText('Bu sayfa yüklenemedi')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Yeniden dene' })).toBeInTheDocument();
      expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
      unmount();
    } finally {
      await act(async () => {
        await setLanguage('en');
      });
    }
    render(<RemoteMount key="e" name="mfe_public" />);
    expect(await screen.findByText('This page could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('withTimeout', () => {
  it('passes a value through and rejects late ones with the given error', async () => {
    await expect(withTimeout(Promise.resolve(1), 50, () => new Error('late'))).resolves.toBe(1);
    await expect(
      withTimeout(new Promise(() => undefined), 10, () => new ChunkTimeoutError('X')),
    ).rejects.toBeInstanceOf(ChunkTimeoutError);
  });
});
