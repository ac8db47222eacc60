import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { GoogleIdentityButton } from '../src/ui/GoogleIdentityButton';
import { mockApi } from './mock-api';

// Google Identity Services, as the page loads it: a script that defines window.google.
function loadGoogleScript(id: { initialize: jest.Mock; renderButton: jest.Mock }) {
  const script = document.head.querySelector<HTMLScriptElement>('script[src*="accounts.google.com/gsi/client"]');
  expect(script).not.toBeNull();
  window.google = { accounts: { id } };
  act(() => {
    script!.dispatchEvent(new Event('load'));
  });
}

describe("Google's button (issue 8: nonce)", () => {
  it("initialises Google Identity Services with the API's one-time nonce, and a fresh one after each attempt", async () => {
    let issued = 0;
    const calls = mockApi(() => ({ status: 200, data: { nonce: `nonce-${++issued}` } }));
    const id = { initialize: jest.fn(), renderButton: jest.fn() };
    const onCredential = jest.fn().mockRejectedValue(new Error('refused'));
    const onError = jest.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <GoogleIdentityButton clientId="client-1" onCredential={onCredential} onError={onError} />
      </QueryClientProvider>,
    );
    loadGoogleScript(id);
    await waitFor(() => expect(id.initialize).toHaveBeenCalledTimes(1));
    expect(id.initialize.mock.calls[0][0]).toMatchObject({ client_id: 'client-1', nonce: 'nonce-1' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/google-nonce' });

    // Google hands back an ID token; the API refuses it: the error is reported, a new nonce is used.
    await act(async () => id.initialize.mock.calls[0][0].callback({ credential: 'id-token-1' }));
    expect(onCredential).toHaveBeenCalledWith('id-token-1');
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'refused' })));
    await waitFor(() => expect(id.initialize).toHaveBeenCalledTimes(2));
    expect(id.initialize.mock.calls[1][0]).toMatchObject({ nonce: 'nonce-2' });
  });
});
