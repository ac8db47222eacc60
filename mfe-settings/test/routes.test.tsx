import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setLanguage } from '@stockwise/shared';
import SettingsRoutes from '../src/routes';

describe('mfe-settings ./routes', () => {
  it('renders the screen for a path it owns', () => {
    render(
      <MemoryRouter initialEntries={['/settings/company']}>
        <SettingsRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Company Info' })).toBeInTheDocument();
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
      <MemoryRouter initialEntries={['/settings/brands']}>
        <SettingsRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Markalar' })).toBeInTheDocument();
    expect(screen.getByText('Bu ekran yakında geliyor.')).toBeInTheDocument();
    await setLanguage('en');
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
