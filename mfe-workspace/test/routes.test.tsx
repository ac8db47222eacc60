import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import WorkspaceRoutes from '../src/routes';
import { PREFIXES } from '../src/screens';

// Issue 9, point 11: an unknown path under a prefix the workspace owns says so, instead of an
// empty frame; the routes never call the API for it.
describe('mfe-workspace ./routes', () => {
  it.each(PREFIXES)('says "page not found" for an unknown path under /%s, with a way back', (prefix) => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[`/${prefix}/nope`]}>
          <WorkspaceRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });
});
