import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';
import { session, useAccess } from '@stockwise/shared';
import { useAccessOnNavigation } from '../src/features/navigation';
import { mockApi } from '../../shared/test/mock-api';
import { accessFor } from '../../shared/test/built-in-access';
import { tokenFor } from './helpers';

// An owner takes selling from the Rapid Seller role while the seller works: the seller's next
// navigation asks the server again, and what the page offers follows — no sign-out.

function Offer() {
  useAccessOnNavigation();
  const access = useAccess();
  return (
    <>
      <Link to="/my-tasks">My Tasks</Link>
      <p>{access.known ? (access.can('items.sell') ? 'may sell' : 'may not sell') : 'asking'}</p>
    </>
  );
}

it('asks GET /api/access again on the next navigation, and the offer follows the edited role', async () => {
  let sell = true;
  mockApi((config) =>
    config.url === '/api/access'
      ? { status: 200, data: accessFor(['Rapid Seller'], sell ? {} : { take: ['items.sell'] }) }
      : { status: 404, data: {} },
  );
  act(() => session.setToken(tokenFor('Rapid Seller')));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/actions/rapid-sell']}>
        <Offer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(await screen.findByText('may sell')).toBeInTheDocument();
  sell = false;
  await userEvent.click(screen.getByRole('link', { name: 'My Tasks' }));
  expect(await screen.findByText('may not sell')).toBeInTheDocument();
});
