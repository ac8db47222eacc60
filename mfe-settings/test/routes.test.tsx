import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render as renderUi, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { setLanguage } from '@stockwise/shared';
import SettingsRoutes from '../src/routes';
import { SCREENS } from '../src/screens';

// A screen's page is a lazy chunk: on a busy machine its first load takes a while.
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(60_000);

// The screens read the API through the shell's query client; here one that never calls out.
const render = (ui: ReactElement) =>
  renderUi(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

describe('mfe-settings ./routes', () => {
  it('renders the screen for a path it owns', async () => {
    render(
      <MemoryRouter initialEntries={['/settings/company']}>
        <SettingsRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Company Info' })).toBeInTheDocument();
  });

  it('says "page not found" for an unknown path under /settings, with a way back', () => {
    render(
      <MemoryRouter initialEntries={['/settings/nope']}>
        <SettingsRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });

  it('titles every screen of the table in Turkish too', async () => {
    await setLanguage('tr');
    render(
      <MemoryRouter initialEntries={['/settings/label-settings']}>
        <SettingsRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Etiket Ayarları' })).toBeInTheDocument();
    await setLanguage('en');
  });

  it('has a page for every screen of the table: none is "coming soon"', () => {
    expect(SCREENS.length).toBe(14);
    expect(SCREENS.filter((s) => !s.page).map((s) => s.path)).toEqual([]);
  });

  it('renders nothing for a path it does not own (the shell shows not-found)', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/elsewhere']}>
        <SettingsRoutes />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
